import {useMemo} from 'react';
import {useDocsData} from '@docusaurus/plugin-content-docs/client';
import type {PropSidebar} from '@docusaurus/plugin-content-docs';
import sidebars from '@site/sidebars';
import {DEVELOPER_SIDEBAR, checkSidebarConfig, resolveSidebar} from './resolve-sidebar';

// Checked when the module loads, so a bad sidebars.ts fails `docusaurus build`, not a signed-in user's page.
checkSidebarConfig(sidebars[DEVELOPER_SIDEBAR]);

/** The signed-in navigation: sidebars.ts, with doc links from the docs plugin's data. */
export function useDeveloperSidebar(): PropSidebar {
  const {versions} = useDocsData(undefined);
  const docs = versions[0]?.docs;
  return useMemo(() => resolveSidebar(sidebars[DEVELOPER_SIDEBAR], docs ?? []), [docs]);
}
