import type {PluginModule} from '@docusaurus/types';
import {STORED_SESSION_SCRIPT} from '../src/lib/stored-session';

/**
 * Marks <html> before the first paint when a session token is stored, so a guide page shows its static content to a
 * returning reader at once instead of a spinner until main.js and the session check have run: the page's largest
 * paint is then its own content, as on a static Docusaurus page.
 */
const storedSessionHint: PluginModule = () => ({
  name: 'intakekit-stored-session-hint',
  injectHtmlTags: () => ({headTags: [{tagName: 'script', innerHTML: STORED_SESSION_SCRIPT}]}),
});

export default storedSessionHint;
