/**
 * The one place the swizzled theme components reach into `@docusaurus/theme-common/internal`, which Docusaurus
 * documents as unstable: it may change in any release. theme-common-internals.test.ts fails when an upgrade
 * removes or renames one of these; the components import them from here only.
 */
export {useCodeBlockContext, useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
