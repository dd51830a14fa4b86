import {getPortalFields, type PortalFields} from '@site/src/lib/site-config';

/**
 * The build-time settings inside React. Docusaurus' context holds the same `@generated/docusaurus.config` object
 * that getPortalFields reads, so this needs no context, and src/lib stays free of React.
 */
export function usePortalFields(): PortalFields {
  return getPortalFields();
}
