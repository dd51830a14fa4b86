import {useCallback, useEffect, useState} from 'react';
import {isApiError} from '@site/src/lib/api-client';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {lookupInvitation} from '../api/invitations';
import type {InvitationState} from '../lib/accept-view';

// A link token is 32 random bytes in base64url (43 characters); anything far from that shape is not worth a request.
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,512}$/;

/** A 400 from lookup, accept or decline means the token cannot be used (INVALID_OR_EXPIRED or a malformed body). */
export const isUnusableToken = (error: unknown) =>
  errorCode(error) === 'INVALID_OR_EXPIRED' || (isApiError(error) && error.status === 400);

/** Looks the invitation up once the query is readable, and again on "Try again". */
export function useInvitation(token: string | null, queryReady: boolean) {
  const [state, setState] = useState<InvitationState>({status: 'loading'});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!queryReady) return undefined;
    if (!token || !TOKEN_SHAPE.test(token)) {
      setState({status: 'invalid'});
      return undefined;
    }
    let current = true;
    setState({status: 'loading'});
    lookupInvitation(token).then(
      (invitation) => {
        if (current) setState({status: 'loaded', invitation});
      },
      (caught: unknown) => {
        if (!current) return;
        setState(isUnusableToken(caught) ? {status: 'invalid'} : {status: 'failed', message: getErrorMessage(caught)});
      },
    );
    return () => {
      current = false;
    };
  }, [token, queryReady, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return {state, setState, retry};
}

export type Invitation = ReturnType<typeof useInvitation>;
