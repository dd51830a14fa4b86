import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import type {
  NewServerKeyBody,
  NewServerKeyResponse,
  ServerKey,
  ServerKeyListResponse,
  ServerKeyResponse,
} from '@intakekit/contract/schemas/server-keys';

export type {ServerKey};
export const SERVER_KEYS_PATH = '/api/server-keys';

const keyPath = (id: string) => `${SERVER_KEYS_PATH}/${encodeURIComponent(id)}`;

/** Reads the server key list: the hook's fetcher, and the API Keys page's preload before React hydrates. */
export const fetchServerKeys = (path: string) => apiClient.get<ServerKeyListResponse>(path);

/** The team's (or the user's own) server keys, masked, active ones first. */
export function useServerKeys() {
  const result = useSWR<ServerKeyListResponse>(SERVER_KEYS_PATH, fetchServerKeys);
  return {...result, keys: result.data?.keys};
}

/** Create, roll and revoke, each reloading the list afterwards; the create and roll answers hold the key, once. */
export function useServerKeyActions() {
  return {
    create: useWriteThenReload(SERVER_KEYS_PATH, (body: NewServerKeyBody) =>
      apiClient.post<NewServerKeyResponse>(SERVER_KEYS_PATH, body),
    ),
    roll: useWriteThenReload(SERVER_KEYS_PATH, (key: ServerKey) =>
      apiClient.post<NewServerKeyResponse>(`${keyPath(key.id)}/roll`),
    ),
    revoke: useWriteThenReload(SERVER_KEYS_PATH, (key: ServerKey) => apiClient.del<ServerKeyResponse>(keyPath(key.id))),
  };
}
