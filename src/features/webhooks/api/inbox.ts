import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import type {WebhookInboxContents, WebhookInboxResponse} from '@intakekit/contract/schemas/webhook-inbox';

export const INBOX_PATH = '/api/webhook-inbox';

/** While the inbox exists it is read again this often: what it receives shows without a reload. */
const INBOX_REFRESH_MS = 3000;

/** The test inbox (null before an owner or admin creates it) and what it received, newest first. */
export function useWebhookInbox() {
  return useSWR<WebhookInboxContents>(INBOX_PATH, {
    refreshInterval: (contents?: WebhookInboxContents) => (contents?.inbox ? INBOX_REFRESH_MS : 0),
  });
}

/** Creates the inbox, or answers the one that exists. */
export function createInbox(): Promise<WebhookInboxResponse> {
  return apiClient.post<WebhookInboxResponse>(INBOX_PATH);
}
