// The delivery log's query, words and the parts of a signed request the page shows apart.
import {WEBHOOK_ATTEMPT_ERRORS, type WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import type {WebhookAttempt} from '@intakekit/contract/schemas/webhooks';

export const DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATUS_TONES = {pending: 'info', delivered: 'success', failed: 'danger'} as const;

/** `/api/webhooks/{id}/deliveries?status=…&before=…` with only what is set. */
export function deliveriesPath(endpointId: string, status: WebhookDeliveryStatus | '', before?: string | null): string {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  if (before) params.set('before', before);
  const query = params.toString();
  return `/api/webhooks/${encodeURIComponent(endpointId)}/deliveries${query ? `?${query}` : ''}`;
}

/** How one attempt ended, in words: the receiver's status, else why no answer came. */
export function attemptOutcome(attempt: Pick<WebhookAttempt, 'responseStatus' | 'error'>): string {
  if (attempt.error && attempt.error !== 'status') return WEBHOOK_ATTEMPT_ERRORS[attempt.error];
  if (attempt.responseStatus === null) return WEBHOOK_ATTEMPT_ERRORS.network;
  const ok = attempt.responseStatus >= 200 && attempt.responseStatus < 300;
  return `HTTP ${attempt.responseStatus}${ok ? '' : `: ${WEBHOOK_ATTEMPT_ERRORS.status}`}`;
}

/** The Standard Webhooks headers, in the order a receiver reads them. */
export const SIGNATURE_HEADERS = ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const;

export interface SplitHeaders {
  signature: Array<[name: (typeof SIGNATURE_HEADERS)[number], value: string]>;
  /** Each signature of webhook-signature ("v1,<base64>"): two while a rolled secret still signs. */
  signatures: string[];
  other: Array<[name: string, value: string]>;
}

/** A request's headers, the signature headers apart (names matched in any case). */
export function splitHeaders(headers: Readonly<Record<string, string>>): SplitHeaders {
  const lower = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const signature = SIGNATURE_HEADERS.flatMap((name) => {
    const value = lower.get(name);
    return value === undefined ? [] : [[name, value] as [(typeof SIGNATURE_HEADERS)[number], string]];
  });
  const signatures = (lower.get('webhook-signature') ?? '').split(' ').filter(Boolean);
  const other = [...lower].filter(([name]) => !(SIGNATURE_HEADERS as readonly string[]).includes(name)).sort();
  return {signature, signatures, other};
}

/** A body as sent, indented when it is JSON (the bytes themselves are what the signature covers). */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** The event type a received body names (`type`), when it is a JSON event. */
export function bodyEventType(body: string | null): string | null {
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    const type = parsed && typeof parsed === 'object' ? (parsed as {type?: unknown}).type : undefined;
    return typeof type === 'string' ? type : null;
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A moment as a datetime-local field's value, in the reader's zone (minutes). */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local field's value (the reader's zone) as the API's timestamp; null when it is not one. */
export function fromLocalInput(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value.trim())) return null;
  const date = new Date(value.trim());
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The test inbox's endpoint URL: the API's origin and the inbox's path. */
export function inboxUrl(apiUrl: string, path: string): string {
  return `${new URL(apiUrl).origin}${path}`;
}
