// A delivery's words (status, outcome) and the parts of a signed request shown apart, for the Webhooks page and
// the demo's delivery panel.
import {WEBHOOK_ATTEMPT_ERRORS, type WebhookDeliveryStatus} from '@intakekit/contract/webhooks';
import type {WebhookAttempt} from '@intakekit/contract/schemas/webhooks';

export const DELIVERY_STATUS_LABELS: Readonly<Record<WebhookDeliveryStatus, string>> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export const DELIVERY_STATUS_TONES = {pending: 'info', delivered: 'success', failed: 'danger'} as const;

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
