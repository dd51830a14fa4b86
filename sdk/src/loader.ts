import {IntakeKitError} from './errors';
import type {IntakeKitGlobal} from './types';

export type {Answers, IntakeKitGlobal, IntakeKitHandle} from './types';

declare global {
  interface Window {
    /** The one global the script-tag build (intake.js) defines. */
    IntakeKit?: IntakeKitGlobal;
  }
}

let pending: Promise<IntakeKitGlobal> | null = null;

const current = (): IntakeKitGlobal | undefined => window.IntakeKit;

/**
 * Loads the script-tag build and its stylesheet from `baseUrl` (e.g. `https://portal.example.com/sdk/v1`) once,
 * and resolves with the `IntakeKit` global. A failed load can be retried; the rejection keeps the cause.
 */
export function loadIntakeKit(baseUrl: string): Promise<IntakeKitGlobal> {
  if (typeof document === 'undefined') {
    return Promise.reject(
      new IntakeKitError('LOAD_FAILED', 'loadIntakeKit() needs a browser, but no document was found.'),
    );
  }
  const ready = current();
  if (ready) return Promise.resolve(ready);
  if (pending) return pending;
  const base = baseUrl.replace(/\/+$/, '');
  pending = new Promise<IntakeKitGlobal>((resolve, reject) => {
    const css = `${base}/intake.css`;
    let link: HTMLLinkElement | null = null;
    if (![...document.querySelectorAll('link')].some((l) => l.href === css || l.getAttribute('href') === css)) {
      link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = css;
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.src = `${base}/intake.js`;
    script.async = true;
    const fail = (cause: unknown): void => {
      script.remove();
      link?.remove();
      pending = null;
      reject(new IntakeKitError('LOAD_FAILED', `failed to load the SDK from ${script.src}.`, cause));
    };
    script.addEventListener('load', () => {
      const kit = current();
      if (kit) resolve(kit);
      else fail(new Error('the script loaded but did not define window.IntakeKit'));
    });
    script.addEventListener('error', (event) => fail(event));
    document.head.append(script);
  });
  return pending;
}
