import type {IntakeKitEventName, IntakeKitEvents, Listener} from './types';

type AnyListener = (payload: never) => void;

/** A tiny typed event emitter. A listener that throws is reported on the console, never into the widget. */
export class Emitter {
  private listeners = new Map<IntakeKitEventName, Set<AnyListener>>();

  on<E extends IntakeKitEventName>(event: E, fn: Listener<E>): void {
    if (typeof fn !== 'function') return;
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(fn);
  }

  off<E extends IntakeKitEventName>(event: E, fn: Listener<E>): void {
    this.listeners.get(event)?.delete(fn);
  }

  has(event: IntakeKitEventName): boolean {
    return (this.listeners.get(event)?.size ?? 0) > 0;
  }

  emit<E extends IntakeKitEventName>(event: E, payload: IntakeKitEvents[E]): void {
    for (const fn of [...(this.listeners.get(event) ?? [])]) {
      try {
        (fn as Listener<E>)(payload);
      } catch (err) {
        console.error(`IntakeKit: a "${event}" listener threw`, err);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
