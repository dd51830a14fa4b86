/** The parts of the script-tag SDK (`window.IntakeKit`) the demo uses. */
export interface IntakeKitHandle {
  on(event: 'ready' | 'complete' | 'error', listener: (payload: unknown) => void): IntakeKitHandle;
  destroy(): void;
}

export interface IntakeKitGlobal {
  init(config: {
    container: string | Element;
    apiKey: string;
    flowId: string;
    env?: 'sandbox' | 'dev' | 'test' | 'pro';
    apiBase?: string;
  }): IntakeKitHandle;
  version?: string;
}

declare global {
  interface Window {
    IntakeKit?: IntakeKitGlobal;
  }
}

const loaded = new Map<string, Promise<IntakeKitGlobal>>();

function addElement<T extends HTMLLinkElement | HTMLScriptElement>(element: T, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    element.addEventListener('load', () => resolve(), {once: true});
    element.addEventListener(
      'error',
      () => {
        element.remove();
        reject(new Error(`Failed to load ${what}`));
      },
      {once: true},
    );
    document.head.append(element);
  });
}

/**
 * Loads `${cdnUrl}/intake.css` and `${cdnUrl}/intake.js` once per page; a failed load is forgotten so
 * the next call tries again.
 */
export function loadSdk(cdnUrl: string): Promise<IntakeKitGlobal> {
  const cached = loaded.get(cdnUrl);
  if (cached) return cached;

  const css = document.createElement('link');
  css.rel = 'stylesheet';
  css.href = `${cdnUrl}/intake.css`;
  css.dataset.intakekitLoader = 'css';
  const script = document.createElement('script');
  script.src = `${cdnUrl}/intake.js`;
  script.async = true;
  script.dataset.intakekitLoader = 'js';

  const promise = Promise.all([addElement(css, css.href), addElement(script, script.src)]).then(() => {
    const sdk = window.IntakeKit;
    if (!sdk || typeof sdk.init !== 'function') throw new Error(`${script.src} did not define IntakeKit.init`);
    return sdk;
  });
  promise.catch(() => {
    loaded.delete(cdnUrl);
    css.remove();
    script.remove();
  });
  loaded.set(cdnUrl, promise);
  return promise;
}
