import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import type {
  NewWebhookEndpointBody,
  WebhookEndpointChanges,
  WebhookEndpointListResponse,
  WebhookEndpointResponse,
  WebhookSecretResponse,
  WebhookTestResponse,
} from '@intakekit/contract/schemas/webhooks';

export const WEBHOOKS_PATH = '/api/webhooks';

export const endpointPath = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

/** The team's (or the user's own) endpoints, oldest first; every member may read them. */
export function useWebhookEndpoints() {
  const result = useSWR<WebhookEndpointListResponse>(WEBHOOKS_PATH);
  return {...result, endpoints: result.data?.endpoints};
}

/** Add, change (enable and disable too) and delete, each reloading the list afterwards. */
export function useEndpointActions() {
  return {
    create: useWriteThenReload(WEBHOOKS_PATH, (body: NewWebhookEndpointBody) =>
      apiClient.post<WebhookEndpointResponse>(WEBHOOKS_PATH, body),
    ),
    update: useWriteThenReload(WEBHOOKS_PATH, ({id, changes}: {id: string; changes: WebhookEndpointChanges}) =>
      apiClient.patch<WebhookEndpointResponse>(endpointPath(id), changes),
    ),
    remove: useWriteThenReload(WEBHOOKS_PATH, (id: string) => apiClient.del<WebhookEndpointResponse>(endpointPath(id))),
  };
}

/** The signing secret (each reveal is recorded in the activity log). */
export function revealSecret(id: string): Promise<WebhookSecretResponse> {
  return apiClient.post<WebhookSecretResponse>(`${endpointPath(id)}/secret`);
}

/** A new signing secret; the old one keeps signing beside it for a while. */
export function rollSecret(id: string): Promise<WebhookSecretResponse> {
  return apiClient.post<WebhookSecretResponse>(`${endpointPath(id)}/secret/roll`);
}

export function sendTestEvent(id: string): Promise<WebhookTestResponse> {
  return apiClient.post<WebhookTestResponse>(`${endpointPath(id)}/test`);
}
