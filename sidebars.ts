import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// The signed-in navigation: the SDK Guide group, then the account pages.
// /team is reachable but deliberately not listed here.
// The same list is the sidebar of the docs under /dashboard and of the React pages (/api-keys, /team, /settings),
// rendered by src/features/session/components/signed-in-layout. Add a docs page with one line: {type: 'doc', id, label}. Every doc
// item needs its label (the React pages do not know the docs' titles); the build stops with a message otherwise.
const sidebars: SidebarsConfig = {
  developer: [
    {
      type: 'category',
      label: 'SDK Guide',
      collapsible: false,
      items: [
        {type: 'doc', id: 'index', label: 'Introduction'},
        {type: 'doc', id: 'quick-start', label: 'Quick Start'},
        {type: 'doc', id: 'configuration', label: 'Configuration reference'},
        {type: 'doc', id: 'question-types', label: 'Question types'},
        {type: 'doc', id: 'flows', label: 'Flows'},
        {type: 'doc', id: 'author-a-flow', label: 'Author a flow'},
        {type: 'doc', id: 'fhir-mapping', label: 'FHIR mapping'},
        {type: 'doc', id: 'events', label: 'Events'},
        {type: 'doc', id: 'receive-submissions', label: 'Receive submissions'},
        {type: 'doc', id: 'theming', label: 'Theming'},
        {type: 'doc', id: 'environments-and-keys', label: 'Environments and keys'},
        {type: 'doc', id: 'content-security-policy', label: 'Content Security Policy'},
        {type: 'doc', id: 'going-live', label: 'Going live'},
        {type: 'doc', id: 'errors', label: 'Errors and troubleshooting'},
        {type: 'doc', id: 'frameworks', label: 'Frameworks'},
        {type: 'doc', id: 'demo', label: 'Demo'},
        {type: 'doc', id: 'api-reference', label: 'API reference'},
        {type: 'doc', id: 'changelog', label: 'Changelog'},
      ],
    },
    {type: 'link', label: 'API Keys', href: '/api-keys', autoAddBaseUrl: true},
    {type: 'link', label: 'Submissions', href: '/submissions', autoAddBaseUrl: true},
    {type: 'link', label: 'Webhooks', href: '/webhooks', autoAddBaseUrl: true},
    {type: 'link', label: 'Intake flows', href: '/flows', autoAddBaseUrl: true},
    {type: 'link', label: 'Settings', href: '/settings', autoAddBaseUrl: true},
    {type: 'link', label: 'Activity', href: '/activity', autoAddBaseUrl: true},
  ],
};

export default sidebars;
