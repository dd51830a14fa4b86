import {useCallback, useEffect, useRef} from 'react';
import {useHistory} from '@docusaurus/router';
import {useSWRConfig} from 'swr';
import {useAuthStore} from '@site/src/stores/auth-store';

/** If the home page never replaces the signed-in one, sign out anyway after this long. */
export const SIGN_OUT_FALLBACK_MS = 5000;

interface Options {
  /**
   * true: POST /api/auth/logout (local state cleared even if it fails), the shell's "Log out".
   * false: the server has already ended every session (account deleted): only forget the token here.
   */
  callServer: boolean;
  /** Where to go: the home page, or the home page with a flag it shows a message for ('/?deleted=1'). */
  to?: string;
}

/**
 * The one way out of the signed-in area: go home first, then, once the signed-in page has unmounted,
 * sign out and empty the SWR cache. Docusaurus keeps the old page on screen while the next one loads, and its
 * guard would otherwise flash /login on the way home.
 */
export function useSignOut({callServer, to = '/'}: Options): () => void {
  const history = useHistory();
  const {mutate} = useSWRConfig();
  const pending = useRef<(() => void) | null>(null);
  useEffect(() => () => pending.current?.(), []);
  return useCallback(() => {
    pending.current = () => {
      pending.current = null;
      const clearCache = () => mutate(() => true, undefined, {revalidate: false});
      const store = useAuthStore.getState();
      if (callServer) {
        void store.logout().then(clearCache);
      } else {
        store.setToken(null);
        void clearCache();
      }
    };
    history.push(to);
    window.setTimeout(() => pending.current?.(), SIGN_OUT_FALLBACK_MS);
  }, [callServer, history, mutate, to]);
}
