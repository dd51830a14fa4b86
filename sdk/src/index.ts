/**
 * IntakeKit SDK, ESM entry: `init(config)` mounts the intake widget and returns a handle.
 * Importing this module has no side effects.
 */
import {validateConfig} from './config';
import {IntakeKitError, describe, isRefusedOrigin} from './errors';
import {Emitter} from './events';
import type {IntakeKitConfig, IntakeKitEventName, IntakeKitHandle, Listener} from './types';
import {Widget, createRoot} from './widget';
import {errorView} from './views/message-view';
// A named import, so the bundles carry this one field of package.json.
import {version as packageVersion} from '../package.json';

export type * from './types';
export {IntakeKitError, type IntakeKitErrorCode} from './errors';
export {API_BASES, ENVIRONMENTS} from './env-table';
export {QUESTION_TYPES} from './config';
export {loadIntakeKit} from './loader';

/** The SDK's version: its package's, so a release changes it in one place. */
export const version: string = packageVersion;

/** Live widgets by container: a second `init` on the same container destroys the first. */
const mounted = new WeakMap<Element, () => void>();

const noop = (): IntakeKitHandle => {
  const handle: IntakeKitHandle = {on: () => handle, off: () => handle, destroy: () => undefined};
  return handle;
};

/** Finds the container; null while the document is still loading and the selector matches nothing yet. */
function findContainer(container: string | Element): Element | null {
  if (typeof container !== 'string') return container;
  let el: Element | null;
  try {
    el = document.querySelector(container);
  } catch (cause) {
    throw new IntakeKitError(
      'INVALID_CONFIG',
      `\`container\` must be a valid CSS selector, received ${describe(container)}.`,
      cause,
    );
  }
  if (el || document.readyState === 'loading') return el;
  throw new IntakeKitError(
    'CONTAINER_NOT_FOUND',
    `\`container\` must match an element on the page, but no element matches ${describe(container)}.`,
  );
}

/** Mounts the intake widget. Never throws for a bad config: it reports it through the `error` event and in the container. */
export function init(config: IntakeKitConfig): IntakeKitHandle {
  if (typeof window === 'undefined' || typeof document === 'undefined') return noop();

  const emitter = new Emitter();
  let destroyed = false;
  let teardown = (): void => undefined;
  let element: Element | null = null;

  const handle: IntakeKitHandle = {
    on<E extends IntakeKitEventName>(event: E, fn: Listener<E>) {
      if (!destroyed) emitter.on(event, fn);
      return handle;
    },
    off<E extends IntakeKitEventName>(event: E, fn: Listener<E>) {
      emitter.off(event, fn);
      return handle;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      teardown();
      if (element && mounted.get(element) === handle.destroy) mounted.delete(element);
      emitter.clear();
    },
  };

  const report = (err: Error): void => {
    if (destroyed) return;
    // A refused origin's detail is not on the page (isRefusedOrigin): the console always has it.
    if (!emitter.has('error') || isRefusedOrigin(err)) console.error(err);
    emitter.emit('error', err);
  };

  // Callbacks given in the config are listeners like any other (taken even when the rest of the config is wrong).
  const raw = (typeof config === 'object' && config !== null ? config : {}) as Partial<IntakeKitConfig>;
  if (typeof raw.onReady === 'function') emitter.on('ready', raw.onReady);
  if (typeof raw.onComplete === 'function') emitter.on('complete', raw.onComplete);
  if (typeof raw.onError === 'function') emitter.on('error', raw.onError);

  /** Takes over the container: ends a previous widget there. */
  const claim = (el: Element): void => {
    mounted.get(el)?.();
    element = el;
    mounted.set(el, handle.destroy);
  };

  /** Shows a config problem in the container (when there is one) and reports it after `init` has returned. */
  const reject = (err: Error): void => {
    let el: Element | null = null;
    try {
      el = raw.container ? findContainer(raw.container) : null;
    } catch {
      // no usable container: the error event alone tells
    }
    if (el) {
      claim(el);
      const {root, body} = createRoot(raw.theme === 'dark' || raw.theme === 'light' ? raw.theme : 'auto');
      body.append(errorView(err.message));
      el.append(root);
      teardown = () => root.remove();
    }
    queueMicrotask(() => report(err));
  };

  let resolved: ReturnType<typeof validateConfig>;
  try {
    resolved = validateConfig(config);
  } catch (err) {
    reject(err as Error);
    return handle;
  }

  const start = (): void => {
    if (destroyed) return;
    let el: Element | null;
    try {
      el = findContainer(resolved.container);
      if (!el) {
        // The script ran before the container was parsed: try again once the document is ready.
        const retry = (): void => start();
        document.addEventListener('DOMContentLoaded', retry, {once: true});
        teardown = () => document.removeEventListener('DOMContentLoaded', retry);
        return;
      }
    } catch (err) {
      queueMicrotask(() => report(err as Error));
      return;
    }
    claim(el);
    const widget = new Widget(el, resolved, emitter, report);
    teardown = () => widget.destroy();
  };
  start();
  return handle;
}
