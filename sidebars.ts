import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';

// The signed-in navigation (spec §2): the SDK Guide group, then the account pages.
// /team is reachable but deliberately not listed here.
const sidebars: SidebarsConfig = {
  developer: [
    {
      type: 'category',
      label: 'SDK Guide',
      collapsible: false,
      items: [
        {type: 'doc', id: 'index', label: 'Introduction'},
        {type: 'doc', id: 'quick-start', label: 'Quick Start'},
        {type: 'doc', id: 'demo', label: 'Demo'},
      ],
    },
    {type: 'link', label: 'API Keys', href: '/api-keys', autoAddBaseUrl: true},
    {type: 'link', label: 'Settings', href: '/settings', autoAddBaseUrl: true},
  ],
};

export default sidebars;
