import type {ReactNode} from 'react';
import useBaseUrl from '@docusaurus/useBaseUrl';
import {usePortalFields} from '@site/src/hooks/use-portal-fields';
import {PREVIEW_ENV} from '@site/src/hooks/use-intake-run';
import {fillPlaceholders, withSandboxKey} from '@site/src/components/guide/placeholders';

/** The environment the demo runs in (the sandbox's, as every preview of the guide). */
export const DEMO_ENV = PREVIEW_ENV;

/** The page a developer can save and open; the code block puts in the reader's key (masked on screen, whole when copied). */
export const demoHtml = (flowId: string): string => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Patient intake</title>
    <link rel="stylesheet" href="%SDK_CDN_URL%/intake.css" />
  </head>
  <body>
    <main style="max-width: 420px; margin: 0 auto; padding: 16px">
      <div id="intake"></div>
    </main>

    <script src="%SDK_CDN_URL%/intake.js"></script>
    <script>
      const intake = IntakeKit.init({
        container: '#intake',
        apiKey: 'YOUR_SANDBOX_KEY', // from API Keys
        flowId: '${flowId}',
        env: '${DEMO_ENV}',
      });

      intake.on('ready', (event) => console.log('Intake ready', event.sessionId));
      intake.on('complete', (event) => console.log('Answers', event.answers));
      intake.on('error', (error) => console.error(error.message));
    </script>
  </body>
</html>`;

/**
 * Saves the page behind the preview as a file, with the reader's whole key and the flow picked: opened from disk
 * it runs as it is (a sandbox key with no allowed origins answers any origin, a file's included).
 */
export function DownloadPage({flowId, apiKey}: {flowId: string; apiKey: string | null}): ReactNode {
  const fields = usePortalFields();
  const download = () => {
    const page = withSandboxKey(fillPlaceholders(demoHtml(flowId), fields), apiKey).copied;
    const url = URL.createObjectURL(new Blob([page], {type: 'text/html'}));
    const link = document.createElement('a');
    link.href = url;
    link.download = `intakekit-${flowId}.html`;
    link.click();
    // Later than the click, which only starts the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  return (
    <button type="button" className="button button--secondary button--sm" onClick={download}>
      Download this page
    </button>
  );
}

/**
 * The same run in a tab of its own (static/demo/): the key and flow travel in the address's fragment, which that
 * page takes out of the address bar at once. A blob page would be blocked by the portal's CSP.
 */
export function OpenInNewTab({flowId, apiKey}: {flowId: string; apiKey: string}): ReactNode {
  const page = useBaseUrl('/demo/');
  const open = () => {
    const fragment = new URLSearchParams({key: apiKey, flow: flowId}).toString();
    window.open(`${page}#${fragment}`, '_blank', 'noopener');
  };
  return (
    <button type="button" className="button button--secondary button--sm" onClick={open}>
      Open in a new tab
    </button>
  );
}
