import {useCallback} from 'react';
import {useSWRConfig} from 'swr';
import useSWRMutation from 'swr/mutation';
import {KEYS_PATH} from '@site/src/lib/api/keys';
import {useAuthStore} from '@site/src/stores/auth-store';
import {leaveTeam} from './leave-team';
import {TEAM_PATH} from './use-team';

/**
 * Leave the team (Team page and Settings): POST /api/team/leave, then the team reloads (now "no team"), the
 * signed-in user is fetched again so `user.team` is gone everywhere, and the key list reloads (the team's keys
 * are no longer the caller's). The caller's button stays busy for the whole sequence (it awaits the promise), so
 * the page can show the result when it ends.
 */
export function useLeaveTeam(): () => Promise<void> {
  // No team to read afterwards: the cache learns "no team" without asking (GET /api/team would answer 404).
  const {trigger} = useSWRMutation(TEAM_PATH, () => leaveTeam(), {populateCache: () => null, revalidate: false});
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const {mutate} = useSWRConfig();
  return useCallback(async () => {
    await trigger();
    await refreshUser();
    void mutate(KEYS_PATH);
  }, [trigger, refreshUser, mutate]);
}
