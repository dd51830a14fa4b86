import {useSyncExternalStore} from 'react';
import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {fetchApiKeys, KEYS_PATH, type ApiKey, type ApiKeyList} from '@site/src/lib/api/keys';

const hasStoredToken = () => apiClient.storage.get() !== null;
// The static HTML is rendered without a session, and hydration must render what it did.
const noTokenOnServer = () => false;

/**
 * The signed-in user's first active sandbox key: the live demo runs with it and the guide's snippets carry it
 * (the same cache entry as the API Keys page). With `enabled` false, or no stored session token, nothing is
 * fetched: a caller that may render signed out must pass whether someone is signed in.
 */
export function useSandboxKey(enabled = true): {key: ApiKey | null; isLoading: boolean} {
  // A guide page renders before the session check has answered (ProtectedRoute's whileLoading): the key is asked for
  // beside it with the stored token, never for a reader without one, and counts as loading until then.
  const hasToken = useSyncExternalStore(apiClient.subscribe, hasStoredToken, noTokenOnServer);
  const {data, error, isLoading} = useSWR<ApiKeyList>(enabled && hasToken ? KEYS_PATH : null, fetchApiKeys);
  // A failed key list is not shown to the user; the demo then invites them to create a key.
  // A key still in a rotation's grace period is on its way out: its successor is preferred.
  const working = (data?.keys ?? []).filter((k) => k.keyType === 'sandbox' && k.status === 'active');
  const key = error ? null : (working.find((k) => k.graceEndsAt === null) ?? working[0] ?? null);
  return {key, isLoading: enabled && (isLoading || !hasToken) && !error};
}
