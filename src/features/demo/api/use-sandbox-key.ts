import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';

/** One key as GET /api/keys lists it (contract). */
export interface ListedKey {
  id: string;
  keyType: 'sandbox' | 'production';
  apiKey: string;
  status: 'active' | 'revoked';
  createdAt: string;
  lastUsedAt: string | null;
}

/** Same key as the API Keys page, so both share one cache entry and revalidate together. */
export const KEYS_PATH = '/api/keys';

/** The user's first active sandbox key, for the live demo. */
export function useSandboxKey(): {key: ListedKey | null; isLoading: boolean} {
  const {data, error, isLoading} = useSWR<{keys: ListedKey[]}>(KEYS_PATH, (path: string) =>
    apiClient.fetcher<{keys: ListedKey[]}>(path),
  );
  // Spec §8: a failed key list is not shown to the user; the demo then invites them to create a key.
  const key = error ? null : (data?.keys.find((k) => k.keyType === 'sandbox' && k.status === 'active') ?? null);
  return {key, isLoading: isLoading && !error};
}
