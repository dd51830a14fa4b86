import {useCallback, useState} from 'react';
import {useSWRConfig} from 'swr';

export interface RevalidatingMutation<Args extends unknown[], Result> {
  /** Runs the request; the list key is revalidated afterwards, whether it succeeded or failed. */
  trigger: (...args: Args) => Promise<Result>;
  /** True while a request started by this helper is in flight. */
  pending: boolean;
}

/**
 * The one write helper of the signed-in area (design §2): run a request, then revalidate the list it
 * changes (the keys after create, rotate and revoke; the team after invite and remove). A failed write is
 * revalidated too, because the server may have changed the list anyway (a key revoked in another tab).
 * The caller decides what to show: the helper rethrows.
 */
export function useRevalidatingMutation<Args extends unknown[], Result>(
  listKey: string,
  request: (...args: Args) => Promise<Result>,
): RevalidatingMutation<Args, Result> {
  const {mutate} = useSWRConfig();
  const [inFlight, setInFlight] = useState(0);
  const trigger = useCallback(
    async (...args: Args) => {
      setInFlight((n) => n + 1);
      try {
        return await request(...args);
      } finally {
        setInFlight((n) => n - 1);
        void mutate(listKey);
      }
    },
    [listKey, mutate, request],
  );
  return {trigger, pending: inFlight > 0};
}
