import {apiClient} from '@site/src/lib/api-client';
import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import {
  WEBHOOKS_PATH,
  endpointPath,
  revealSecret,
  useWebhookEndpoints,
} from '@site/src/components/webhook-delivery/api';
import type {
  NewWebhookEndpointBody,
  WebhookEndpointChanges,
  WebhookEndpointResponse,
  WebhookSecretResponse,
  WebhookTestResponse,
} from '@intakekit/contract/schemas/webhooks';

export {WEBHOOKS_PATH, endpointPath, revealSecret, useWebhookEndpoints};

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

/** A new signing secret; the old one keeps signing beside it for a while. */
export function rollSecret(id: string): Promise<WebhookSecretResponse> {
  return apiClient.post<WebhookSecretResponse>(`${endpointPath(id)}/secret/roll`);
}

export function sendTestEvent(id: string): Promise<WebhookTestResponse> {
  return apiClient.post<WebhookTestResponse>(`${endpointPath(id)}/test`);
}
