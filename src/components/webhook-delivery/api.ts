// The endpoints, a delivery log's path and an endpoint's secret, as the Webhooks page and the demo read them.
import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import type {WebhookEndpointListResponse, WebhookSecretResponse} from '@intakekit/contract/schemas/webhooks';
import type {WebhookDeliveryStatus} from '@intakekit/contract/webhooks';

export const WEBHOOKS_PATH = '/api/webhooks';

export const endpointPath = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

/** The team's (or the user's own) endpoints, oldest first; every member may read them. */
export function useWebhookEndpoints() {
  const result = useSWR<WebhookEndpointListResponse>(WEBHOOKS_PATH);
  return {...result, endpoints: result.data?.endpoints};
}

/** The signing secret, for owners and admins (each reveal is recorded in the activity log). */
export function revealSecret(id: string): Promise<WebhookSecretResponse> {
  return apiClient.post<WebhookSecretResponse>(`${endpointPath(id)}/secret`);
}

/** `/api/webhooks/{id}/deliveries?status=…&before=…` with only what is set. */
export function deliveriesPath(endpointId: string, status: WebhookDeliveryStatus | '', before?: string | null): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (before) params.set('before', before);
  const query = params.toString();
  return `${endpointPath(endpointId)}/deliveries${query ? `?${query}` : ''}`;
}
