import useSWR, {mutate, preload} from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {fetchApiKeys, KEYS_PATH, type ApiKeyList} from '@site/src/lib/api/keys';
import {fetchServerKeys, SERVER_KEYS_PATH} from './server-keys';

/** The team's (or the user's own) keys, newest first. */
export function useApiKeys() {
  const result = useSWR<ApiKeyList>(KEYS_PATH, fetchApiKeys);
  return {...result, keys: result.data?.keys};
}

/**
 * Ask for the page's lists now (browser only), alongside the session check, instead of after it: the browser keys
 * and the server keys are the page's main content. Each answer goes into the cache, so a page that renders after
 * they arrived shows them in its first paint (no loading row, nothing below it moves); the mount's revalidation
 * takes the same answer instead of asking again. Production access needs the user's team, so it waits for the
 * session check.
 */
export function preloadApiKeys(): void {
  if (typeof window === 'undefined' || !apiClient.storage.get()) return;
  for (const [path, fetcher] of [
    [KEYS_PATH, fetchApiKeys],
    [SERVER_KEYS_PATH, fetchServerKeys],
  ] as const) {
    preload(path, fetcher).then(
      (list) => mutate(path, (current: unknown) => current ?? list, {revalidate: false}),
      () => undefined, // the page's hook reports the failure when it takes the answer
    );
  }
}
