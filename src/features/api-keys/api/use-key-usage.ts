import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import type {KeyUsageResponse} from '@intakekit/contract/schemas/keys';

/** GET /api/keys/{id}/usage: sessions per day, origins seen and the request log of one key (null: none open). */
export function useKeyUsage(id: string | null) {
  const path = id ? `/api/keys/${encodeURIComponent(id)}/usage` : null;
  return useSWR<KeyUsageResponse>(path, (url: string) => apiClient.get<KeyUsageResponse>(url));
}
