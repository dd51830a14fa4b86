import {useEffect, useRef, useState} from 'react';
import {useHistory} from '@docusaurus/router';

type Destination = Parameters<ReturnType<typeof useHistory>['push']>[0];

/**
 * While there are unsaved changes, a move to another page of the portal waits for the person's answer in the page's
 * own dialog (the router's block, never window.confirm), and closing or reloading the tab asks the browser to warn.
 */
export function useUnsavedGuard(dirty: boolean) {
  const history = useHistory();
  const [pending, setPending] = useState<Destination | null>(null);
  const leaving = useRef(false);
  useEffect(() => {
    if (!dirty) return undefined;
    const unblock = history.block((location) => {
      if (leaving.current) return undefined;
      setPending({pathname: location.pathname, search: location.search, hash: location.hash});
      return false;
    });
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      unblock();
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, history]);
  return {
    leaving: pending !== null,
    stay: () => setPending(null),
    leave: () => {
      if (!pending) return;
      leaving.current = true;
      setPending(null);
      history.push(pending);
    },
  };
}
