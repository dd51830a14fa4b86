// A Standard Webhooks signature checked as a receiver checks it, step by step, with the browser's WebCrypto: the
// demo shows each step of a real delivery. Pure: no React, no network.
import {WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS} from '@intakekit/contract/webhooks';

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export const SIGNATURE_ERRORS = {
  secret: 'The secret is not whsec_ followed by base64.',
  webCrypto: 'This browser cannot compute HMAC-SHA256 here (WebCrypto needs an https page).',
  noMatch: 'No v1 signature of the header matches the one computed.',
  timestamp: `The timestamp is more than ${WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS / 60} minutes from when it was received.`,
} as const;

/** What is signed: the webhook-id, the webhook-timestamp and the body exactly as sent, joined by dots. */
export const signedContent = (id: string, timestamp: string, body: string) => `${id}.${timestamp}.${body}`;

/** The base64 values of a webhook-signature header's `v1,` signatures (two while a rolled secret still signs). */
export function signatureValues(header: string): string[] {
  return header
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .map((part) => part.slice(3));
}

/** The key: the base64 after `whsec_`, decoded. */
export function decodeSecret(secret: string): Uint8Array<ArrayBuffer> {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  if (!encoded || !BASE64.test(encoded)) throw new Error(SIGNATURE_ERRORS.secret);
  return Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
}

/** HMAC-SHA256 of the content with the key, in base64. */
export async function hmacBase64(key: Uint8Array<ArrayBuffer>, content: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new Error(SIGNATURE_ERRORS.webCrypto);
  const imported = await subtle.importKey('raw', key, {name: 'HMAC', hash: 'SHA-256'}, false, ['sign']);
  const mac = new Uint8Array(await subtle.sign('HMAC', imported, new TextEncoder().encode(content)));
  return btoa(String.fromCharCode(...mac));
}

/** Seconds from `webhook-timestamp` to when it was received, and whether that is within the tolerance either way. */
export function timestampCheck(timestamp: string, receivedAt: Date): {skewSeconds: number; within: boolean} {
  const skewSeconds = Math.round(receivedAt.getTime() / 1000 - Number(timestamp));
  return {skewSeconds, within: Math.abs(skewSeconds) <= WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS};
}

export interface SignatureInput {
  id: string;
  timestamp: string;
  /** The webhook-signature header. */
  signature: string;
  body: string;
  /** The endpoint's secret, `whsec_…`. */
  secret: string;
  /** When the receiver got the request: the timestamp is checked against this. */
  receivedAt: Date;
}

export interface SignatureCheck {
  /** Step 1. */
  content: string;
  /** Step 2: the key's length in bytes, null when the secret is not one. */
  keyBytes: number | null;
  /** Step 3: the signature computed, base64; null when it could not be. */
  computed: string | null;
  /** Step 4: each v1 signature of the header and whether it is the computed one. */
  signatures: Array<{value: string; matches: boolean}>;
  /** Step 5: seconds between sending and receiving (negative when sent "later"), and whether within the tolerance. */
  timestamp: ReturnType<typeof timestampCheck>;
  /** The first step that failed, null when the signature is verified. */
  failedStep: 2 | 3 | 4 | 5 | null;
  /** Why that step failed. */
  error: string | null;
}

/** Every step of a receiver's check of one delivery, stopping at none so each is shown. */
export async function checkSignature(input: SignatureInput): Promise<SignatureCheck> {
  const content = signedContent(input.id, input.timestamp, input.body);
  const timestamp = timestampCheck(input.timestamp, input.receivedAt);
  const values = signatureValues(input.signature);
  const unchecked = values.map((value) => ({value, matches: false}));
  let key: Uint8Array<ArrayBuffer>;
  try {
    key = decodeSecret(input.secret);
  } catch (caught) {
    return {
      content,
      keyBytes: null,
      computed: null,
      signatures: unchecked,
      timestamp,
      failedStep: 2,
      error: (caught as Error).message,
    };
  }
  let computed: string;
  try {
    computed = await hmacBase64(key, content);
  } catch (caught) {
    const error = caught instanceof Error ? caught.message : SIGNATURE_ERRORS.webCrypto;
    return {content, keyBytes: key.length, computed: null, signatures: unchecked, timestamp, failedStep: 3, error};
  }
  const signatures = values.map((value) => ({value, matches: value === computed}));
  const matched = signatures.some((s) => s.matches);
  const failedStep = !matched ? 4 : !timestamp.within ? 5 : null;
  const error = failedStep === 4 ? SIGNATURE_ERRORS.noMatch : failedStep === 5 ? SIGNATURE_ERRORS.timestamp : null;
  return {content, keyBytes: key.length, computed, signatures, timestamp, failedStep, error};
}
