import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import {apiClient} from '@site/src/lib/api-client';
import type {
  WebhookDelivery,
  WebhookDeliveryListResponse,
  WebhookDeliveryResponse,
  WebhookRecoverBody,
  WebhookRecoverResponse,
} from '@intakekit/contract/schemas/webhooks';
import type {WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import {deliveriesPath} from '@site/src/components/webhook-delivery/api';
import {endpointPath} from './endpoints';

/** A page of the log as the shared paged table reads it: the next page's `before` as its cursor. */
export interface DeliveryPage {
  deliveries: WebhookDelivery[];
  nextCursor: string | null;
}

/** While an attempt is due the log is asked again this often, so a delivery's outcome shows without a reload. */
const PENDING_REFRESH_MS = 1000;

const fetchPage = async (path: string): Promise<DeliveryPage> => {
  const {deliveries, nextBefore} = await apiClient.get<WebhookDeliveryListResponse>(path);
  return {deliveries, nextCursor: nextBefore};
};

/** An endpoint's delivery log, newest first, a page at a time, filtered by status. */
export function useDeliveries(endpointId: string, status: WebhookDeliveryStatus | '') {
  return useSWRInfinite<DeliveryPage>(
    (index, previous: DeliveryPage | null) => {
      if (previous && !previous.nextCursor) return null;
      return deliveriesPath(endpointId, status, index === 0 ? null : previous?.nextCursor);
    },
    fetchPage,
    {
      refreshInterval: (pages?: DeliveryPage[]) =>
        pages?.some((page) => page.deliveries.some((d) => d.status === 'pending')) ? PENDING_REFRESH_MS : 0,
    },
  );
}

/** 'Resend': the event again now, with the same webhook-id; the answer is the delivery as it now is. */
export function useResend(endpointId: string, deliveryId: string) {
  const path = `${endpointPath(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`;
  return useSWRMutation(path, (key: string) => apiClient.post<WebhookDeliveryResponse>(key));
}

/** 'Recover failed since…': every failed event since then sent again; the answer counts them. */
export function recoverFailed(endpointId: string, body: WebhookRecoverBody): Promise<WebhookRecoverResponse> {
  return apiClient.post<WebhookRecoverResponse>(`${endpointPath(endpointId)}/recover`, body);
}
