// The headers of a Standard Webhooks delivery, signed with the specification's own library so that every verifier
// built on it (its Node and Python packages, svix) agrees with us byte for byte.
import {Webhook} from 'standardwebhooks';

export const WEBHOOK_USER_AGENT = 'IntakeKit-Webhooks/1.0';

/**
 * One `v1,<base64>` per secret, newest first, space-separated: while a secret is rolled, a receiver that still has
 * the old one and a receiver that already has the new one both verify.
 */
export function signatureHeader(secrets: readonly string[], id: string, timestamp: Date, body: string): string {
  if (secrets.length === 0) throw new Error('a webhook needs at least one signing secret');
  return secrets.map((secret) => new Webhook(secret).sign(id, timestamp, body)).join(' ');
}

export function webhookHeaders(secrets: readonly string[], id: string, timestamp: Date, body: string) {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatureHeader(secrets, id, timestamp, body),
  };
}
