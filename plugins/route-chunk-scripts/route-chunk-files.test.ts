import {describe, expect, it} from 'vitest';
import {
  addScriptTags,
  matchRouteKeys,
  pathnameOfHtmlFile,
  routeChunkFiles,
  type ClientManifest,
} from './route-chunk-files';
import {parseRoutesModule} from './routes-module';

// The shape of .docusaurus/routes.js: flat pages, the docs' nested layout routes, then the 404 catch-all.
const ROUTES_JS = `import React from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';

export default [
  {
    path: '/login',
    component: ComponentCreator('/login', 'f43'),
    exact: true
  },
  {
    path: '/dashboard',
    component: ComponentCreator('/dashboard', '7ba'),
    routes: [
      {
        path: '/dashboard',
        component: ComponentCreator('/dashboard', 'a92'),
        routes: [
          {
            path: '/dashboard/quick-start',
            component: ComponentCreator('/dashboard/quick-start', 'ba7'),
            exact: true
          },
          {
            path: '/dashboard',
            component: ComponentCreator('/dashboard', '926'),
            exact: true
          }
        ]
      }
    ]
  },
  {
    path: '/',
    component: ComponentCreator('/', 'e5f'),
    exact: true
  },
  {
    path: '*',
    component: ComponentCreator('*'),
  },
];
`;

const CHUNK_NAMES = {
  '/login-f43': {__comp: 'login', __context: {plugin: 'pages'}},
  '/dashboard-7ba': {__comp: 'docsRoot', __context: {plugin: 'docs'}},
  '/dashboard-a92': {__comp: 'docRoot'},
  '/dashboard/quick-start-ba7': {__comp: 'docItem', content: 'quickStart'},
  '/dashboard-926': {__comp: 'docItem', content: 'intro'},
};

const MANIFEST: ClientManifest = {
  entrypoints: ['main'],
  origins: {
    main: ['1', '2'],
    login: ['10'],
    pages: ['11'],
    docsRoot: ['20'],
    docs: ['21'],
    docRoot: ['22'],
    docItem: ['30', '31', 'css'],
    quickStart: ['40'],
    intro: ['41'],
  },
  assets: {
    1: {js: [{file: 'assets/js/runtime~main.aa.js'}]},
    2: {js: [{file: 'assets/js/main.bb.js'}]},
    10: {js: [{file: 'assets/js/login.js'}]},
    11: {js: [{file: 'assets/js/pages.js'}]},
    20: {js: [{file: 'assets/js/docsRoot.js'}]},
    21: {js: [{file: 'assets/js/docs.js'}]},
    22: {js: [{file: 'assets/js/docRoot.js'}]},
    30: {js: [{file: 'assets/js/shared.js'}]},
    31: {js: [{file: 'assets/js/docItem.js'}]},
    css: {css: [{file: 'assets/css/styles.css'}]},
    40: {js: [{file: 'assets/js/quickStart.js'}]},
    41: {js: [{file: 'assets/js/intro.js'}]},
  },
};

const routes = parseRoutesModule(ROUTES_JS);
const files = (pathname: string) => routeChunkFiles(pathname, {routes, chunkNames: CHUNK_NAMES, manifest: MANIFEST});

describe('route chunk scripts', () => {
  it('follows the nested docs routes to the one page that renders, first match at each level', () => {
    expect(matchRouteKeys(routes, '/dashboard/quick-start')).toEqual([
      '/dashboard-7ba',
      '/dashboard-a92',
      '/dashboard/quick-start-ba7',
    ]);
    expect(matchRouteKeys(routes, '/dashboard')).toEqual(['/dashboard-7ba', '/dashboard-a92', '/dashboard-926']);
    expect(matchRouteKeys(routes, '/login')).toEqual(['/login-f43']);
    expect(matchRouteKeys(routes, '/dashboardx')).toEqual(['*-undefined']);
  });

  it("lists a page's chunk files once, without the entry files or another page's content", () => {
    expect(files('/dashboard/quick-start')).toEqual([
      'assets/js/docsRoot.js',
      'assets/js/docs.js',
      'assets/js/docRoot.js',
      'assets/js/shared.js',
      'assets/js/docItem.js',
      'assets/js/quickStart.js',
    ]);
    expect(files('/login')).toEqual(['assets/js/login.js', 'assets/js/pages.js']);
    expect(files('/nowhere')).toEqual([]);
  });

  it('maps HTML files to page paths and skips the 404 page', () => {
    expect(pathnameOfHtmlFile('index.html')).toBe('/');
    expect(pathnameOfHtmlFile('login.html')).toBe('/login');
    expect(pathnameOfHtmlFile('dashboard/quick-start.html')).toBe('/dashboard/quick-start');
    expect(pathnameOfHtmlFile('dashboard/index.html')).toBe('/dashboard');
    expect(pathnameOfHtmlFile('404.html')).toBeNull();
  });

  it("adds deferred external scripts right after main.js's tag, and leaves pages without it alone", () => {
    const html =
      '<head><script src=/assets/js/runtime~main.aa.js defer></script><script src=/assets/js/main.bb.js defer></script></head>';
    expect(addScriptTags(html, ['assets/js/login.js'])).toBe(
      '<head><script src=/assets/js/runtime~main.aa.js defer></script><script src=/assets/js/main.bb.js defer></script><script src="/assets/js/login.js" defer></script></head>',
    );
    const landing = '<html><body><script src="/landing/app.js"></script></body></html>';
    expect(addScriptTags(landing, ['assets/js/login.js'])).toBe(landing);
  });
});
