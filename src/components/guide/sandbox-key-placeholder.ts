/**
 * Where a snippet takes the reader's key: their own sandbox key when they have one. A module of its own, with no
 * imports, so the build's Markdown copies (plugins/llms-txt) can use it too.
 */
export const SANDBOX_KEY_PLACEHOLDER = 'YOUR_SANDBOX_KEY';
