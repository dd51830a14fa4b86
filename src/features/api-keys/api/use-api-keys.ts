import useSWR, {mutate, preload} from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {fetchApiKeys, KEYS_PATH, type ApiKeyList} from '@site/src/lib/api/keys';

/** The team's (or the user's own) keys, newest first. */
export function useApiKeys() {
  const result = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  return {...result, keys: result.data?.keys};
}

/**
 * Ask for the key list now (browser only), alongside the session check, instead of after it: the list is the
 * page's main content. The answer goes into the cache, so a page that renders after it arrived shows the table
 * in its first paint (no loading row, nothing below it moves); the mount's revalidation takes the same answer
 * instead of asking again.
 */
export function preloadApiKeys(): void {
  if (typeof window === 'undefined' || !apiClient.storage.get()) return;
  preload(KEYS_PATH, fetchApiKeys).then(
    (list) => mutate(KEYS_PATH, (current: ApiKeyList | undefined) => current ?? list, {revalidate: false}),
    () => undefined, // useApiKeys reports the failure when it takes the answer
  );
}
