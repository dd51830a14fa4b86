// A worker's loop over an outbox: `drain` runs `step` until it finds nothing due, once at a time; a call made while
// it runs makes it look once more after, and `close` stops it after the step in flight.
export interface DrainLoop {
  drain(): Promise<void>;
  close(): Promise<void>;
}

export function drainLoop(step: () => Promise<number>, onError: (error: unknown) => void): DrainLoop {
  let draining: Promise<void> | undefined;
  let again = false;
  let closing = false;
  const drain = (): Promise<void> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        while (!closing && (await step()) > 0);
      } while (again && !closing);
    })()
      .catch(onError)
      .finally(() => {
        draining = undefined;
      });
    return draining;
  };
  return {
    drain: () => (closing ? Promise.resolve() : drain()),
    async close() {
      closing = true;
      await draining;
    },
  };
}
