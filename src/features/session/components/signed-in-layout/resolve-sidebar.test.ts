import {describe, expect, it} from 'vitest';
import sidebars from '@site/sidebars';
import {checkSidebarConfig, resolveSidebar} from './resolve-sidebar';

const docs = [
  {id: 'index', path: '/dashboard/'},
  {id: 'quick-start', path: '/dashboard/quick-start'},
  {id: 'configuration', path: '/dashboard/configuration'},
  {id: 'question-types', path: '/dashboard/question-types'},
  {id: 'flows', path: '/dashboard/flows'},
  {id: 'events', path: '/dashboard/events'},
  {id: 'theming', path: '/dashboard/theming'},
  {id: 'environments-and-keys', path: '/dashboard/environments-and-keys'},
  {id: 'content-security-policy', path: '/dashboard/content-security-policy'},
  {id: 'going-live', path: '/dashboard/going-live'},
  {id: 'errors', path: '/dashboard/errors'},
  {id: 'frameworks', path: '/dashboard/frameworks'},
  {id: 'demo', path: '/dashboard/demo'},
  {id: 'api-reference', path: '/dashboard/api-reference'},
  {id: 'changelog', path: '/dashboard/changelog'},
];

describe('resolveSidebar', () => {
  it("turns sidebars.ts's developer sidebar into the spec's navigation, with no /team link", () => {
    const items = resolveSidebar(sidebars.developer, docs);
    expect(items).toEqual([
      {
        type: 'category',
        label: 'SDK Guide',
        collapsible: false,
        collapsed: false,
        href: undefined,
        className: undefined,
        items: [
          {type: 'link', label: 'Introduction', href: '/dashboard', docId: 'index', className: undefined},
          {
            type: 'link',
            label: 'Quick Start',
            href: '/dashboard/quick-start',
            docId: 'quick-start',
            className: undefined,
          },
          {
            type: 'link',
            label: 'Configuration reference',
            href: '/dashboard/configuration',
            docId: 'configuration',
            className: undefined,
          },
          {
            type: 'link',
            label: 'Question types',
            href: '/dashboard/question-types',
            docId: 'question-types',
            className: undefined,
          },
          {type: 'link', label: 'Flows', href: '/dashboard/flows', docId: 'flows', className: undefined},
          {type: 'link', label: 'Events', href: '/dashboard/events', docId: 'events', className: undefined},
          {type: 'link', label: 'Theming', href: '/dashboard/theming', docId: 'theming', className: undefined},
          {
            type: 'link',
            label: 'Environments and keys',
            href: '/dashboard/environments-and-keys',
            docId: 'environments-and-keys',
            className: undefined,
          },
          {
            type: 'link',
            label: 'Content Security Policy',
            href: '/dashboard/content-security-policy',
            docId: 'content-security-policy',
            className: undefined,
          },
          {type: 'link', label: 'Going live', href: '/dashboard/going-live', docId: 'going-live', className: undefined},
          {
            type: 'link',
            label: 'Errors and troubleshooting',
            href: '/dashboard/errors',
            docId: 'errors',
            className: undefined,
          },
          {type: 'link', label: 'Frameworks', href: '/dashboard/frameworks', docId: 'frameworks', className: undefined},
          {type: 'link', label: 'Demo', href: '/dashboard/demo', docId: 'demo', className: undefined},
          {
            type: 'link',
            label: 'API reference',
            href: '/dashboard/api-reference',
            docId: 'api-reference',
            className: undefined,
          },
          {type: 'link', label: 'Changelog', href: '/dashboard/changelog', docId: 'changelog', className: undefined},
        ],
      },
      {type: 'link', label: 'API Keys', href: '/api-keys', autoAddBaseUrl: true, className: undefined},
      {type: 'link', label: 'Settings', href: '/settings', autoAddBaseUrl: true, className: undefined},
      {type: 'link', label: 'Activity', href: '/activity', autoAddBaseUrl: true, className: undefined},
    ]);
    expect(JSON.stringify(items)).not.toContain('/team');
  });

  it('asks for a label on every doc item, and for known doc ids', () => {
    expect(() => checkSidebarConfig([{type: 'doc', id: 'demo'}])).toThrow(/give the doc "demo" a label/);
    expect(() => checkSidebarConfig(['demo'])).toThrow(/label/);
    expect(() => resolveSidebar([{type: 'doc', id: 'nope', label: 'Nope'}], docs)).toThrow(/no doc with id "nope"/);
    expect(() => checkSidebarConfig(sidebars.developer)).not.toThrow();
  });
});
