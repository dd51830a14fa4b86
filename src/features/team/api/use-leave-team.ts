import {useCallback, useState} from 'react';
import {useSWRConfig} from 'swr';
import useSWRMutation from 'swr/mutation';
import {KEYS_PATH} from '@site/src/lib/api/keys';
import {useAuthStore} from '@site/src/stores/auth-store';
import {leaveTeam} from './leave-team';
import {TEAM_PATH} from './use-team';

/**
 * Leave the team (Team page and Settings): POST /api/team/leave, then the team reloads (now "no team"), the
 * signed-in user is fetched again so `user.team` is gone everywhere, and the key list reloads (the team's keys
 * are no longer the caller's). `pending` covers the whole sequence, so the button stays busy until the page
 * can show the result.
 */
export function useLeaveTeam(): {leave: () => Promise<void>; pending: boolean} {
  const {trigger} = useSWRMutation(TEAM_PATH, () => leaveTeam());
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const {mutate} = useSWRConfig();
  const [pending, setPending] = useState(false);
  const leave = useCallback(async () => {
    setPending(true);
    try {
      await trigger();
      await refreshUser();
      void mutate(KEYS_PATH);
    } finally {
      setPending(false);
    }
  }, [trigger, refreshUser, mutate]);
  return {leave, pending};
}
