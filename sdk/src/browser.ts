/**
 * Script-tag entry: defines the one global `IntakeKit` and never throws into the host page.
 *   <link rel="stylesheet" href=".../sdk/v1/intake.css"><script src=".../sdk/v1/intake.js"></script>
 *   IntakeKit.init({ container: '#intake', apiKey: 'ik_sandbox_...', flowId: 'demo' });
 */
import {init, version} from './index';
import type {IntakeKitConfig, IntakeKitHandle} from './types';

const noop: IntakeKitHandle = {on: () => noop, off: () => noop, destroy: () => undefined};

function guard<A extends unknown[], R>(fn: (...args: A) => R, fallback: R): (...args: A) => R {
  return (...args) => {
    try {
      return fn(...args);
    } catch (err) {
      console.error('IntakeKit: unexpected failure', err);
      return fallback;
    }
  };
}

function safeInit(config: IntakeKitConfig): IntakeKitHandle {
  const handle = guard(init, null)(config);
  if (!handle) return noop;
  const safe: IntakeKitHandle = {
    on(event, fn) {
      guard(() => handle.on(event, fn), handle)();
      return safe;
    },
    off(event, fn) {
      guard(() => handle.off(event, fn), handle)();
      return safe;
    },
    destroy: guard(() => handle.destroy(), undefined),
  };
  return safe;
}

// Loaded twice? Keep the first copy so handles and containers stay consistent.
if (typeof window !== 'undefined' && !window.IntakeKit) {
  window.IntakeKit = {init: safeInit, version};
}
