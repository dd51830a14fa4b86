import {useCallback} from 'react';
import useSWRMutation from 'swr/mutation';

type Outcome<T> = {ok: true; value: T} | {ok: false; error: unknown};

/**
 * A write that reloads the data at `key` once it has ended, succeeded or refused (useSWRMutation revalidates the
 * key; the write's answer is never written into its cache). Every call's own outcome reaches its caller:
 * useSWRMutation rethrows only the latest call's failure, and an earlier call that fails after a later one started
 * resolves to undefined, so two rows acted on at once would show a refused write as done. The outcome therefore
 * travels through SWR as a value and is rethrown here.
 */
export function useWriteThenReload<Arg, Result>(
  key: string,
  write: (arg: Arg) => Promise<Result>,
): {trigger: (arg: Arg) => Promise<Result>; isMutating: boolean} {
  const mutation = useSWRMutation(key, async (_key: string, {arg}: {arg: Arg}): Promise<Outcome<Result>> => {
    try {
      return {ok: true, value: await write(arg)};
    } catch (error) {
      return {ok: false, error};
    }
  });
  // SWR picks the trigger's signature from Arg; with Arg still generic here it cannot, so it is named directly.
  const settle = mutation.trigger as (arg: Arg) => Promise<Outcome<Result>>;
  const trigger = useCallback(
    async (arg: Arg): Promise<Result> => {
      const outcome = await settle(arg);
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    },
    [settle],
  );
  return {trigger, isMutating: mutation.isMutating};
}
