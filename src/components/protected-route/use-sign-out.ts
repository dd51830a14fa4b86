import {useCallback} from 'react';
import {useHistory} from '@docusaurus/router';
import {useSWRConfig} from 'swr';
import {useAuthStore} from '@site/src/stores/auth-store';

/**
 * The signed-in area's logout (spec §1): POST /api/auth/logout, local state cleared even if that fails,
 * the SWR cache emptied, and back to the home route. Navigates first, so the guard never flashes /login.
 */
export function useSignOut(): () => Promise<void> {
  const history = useHistory();
  const {mutate} = useSWRConfig();
  const logout = useAuthStore((s) => s.logout);
  return useCallback(async () => {
    const done = logout();
    history.push('/');
    await done;
    await mutate(() => true, undefined, {revalidate: false});
  }, [history, logout, mutate]);
}
