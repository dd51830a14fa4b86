import {describe, expect, it} from 'vitest';
import sidebars from '@site/sidebars';
import {checkSidebarConfig, resolveSidebar} from './resolve-sidebar';

/** The SDK Guide group in the spec's order (with Receive submissions after Events): label, doc id and the docs path. */
const GUIDE: Array<[label: string, id: string, path: string]> = [
  ['Introduction', 'index', '/dashboard/'],
  ['Quick Start', 'quick-start', '/dashboard/quick-start'],
  ['Configuration reference', 'configuration', '/dashboard/configuration'],
  ['Question types', 'question-types', '/dashboard/question-types'],
  ['Flows', 'flows', '/dashboard/flows'],
  ['Author a flow', 'author-a-flow', '/dashboard/author-a-flow'],
  ['FHIR mapping', 'fhir-mapping', '/dashboard/fhir-mapping'],
  ['Events', 'events', '/dashboard/events'],
  ['Receive submissions', 'receive-submissions', '/dashboard/receive-submissions'],
  ['Theming', 'theming', '/dashboard/theming'],
  ['Environments and keys', 'environments-and-keys', '/dashboard/environments-and-keys'],
  ['Content Security Policy', 'content-security-policy', '/dashboard/content-security-policy'],
  ['Going live', 'going-live', '/dashboard/going-live'],
  ['Errors and troubleshooting', 'errors', '/dashboard/errors'],
  ['Frameworks', 'frameworks', '/dashboard/frameworks'],
  ['Demo', 'demo', '/dashboard/demo'],
  ['API reference', 'api-reference', '/dashboard/api-reference'],
  ['Changelog', 'changelog', '/dashboard/changelog'],
];

const docs = GUIDE.map(([, id, path]) => ({id, path}));

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
        // The trailing slash of the Introduction's path is dropped.
        items: GUIDE.map(([label, docId, path]) => ({
          type: 'link',
          label,
          href: path.replace(/\/$/, ''),
          docId,
          className: undefined,
        })),
      },
      {type: 'link', label: 'API Keys', href: '/api-keys', autoAddBaseUrl: true, className: undefined},
      {type: 'link', label: 'Submissions', href: '/submissions', autoAddBaseUrl: true, className: undefined},
      {type: 'link', label: 'Webhooks', href: '/webhooks', autoAddBaseUrl: true, className: undefined},
      {type: 'link', label: 'Intake flows', href: '/flows', autoAddBaseUrl: true, className: undefined},
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
