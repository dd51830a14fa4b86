/** The Clipboard API where allowed, else the execCommand fallback Docusaurus ships. */
export async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return;
    } catch {
      // Not allowed here (no permission, insecure origin): fall back below.
    }
  }
  const {default: copy} = await import('copy-text-to-clipboard');
  if (!copy(text)) throw new Error('Copy to clipboard failed');
}
