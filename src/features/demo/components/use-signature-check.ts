import {useEffect, useState} from 'react';
import {revealSecret} from '@site/src/components/webhook-delivery/api';
import {splitHeaders} from '@site/src/components/webhook-delivery/delivery-words';
import {getErrorMessage} from '@site/src/lib/errors';
import {checkSignature, type SignatureCheck} from '@site/src/lib/webhook-signature';
import type {WebhookAttempt, WebhookDelivery} from '@intakekit/contract/schemas/webhooks';

/** The endpoint's secret once an owner or admin has asked for it (Reveal), with the wait and the error. */
export function useRevealedSecret(endpointId: string) {
  const [secret, setSecret] = useState<string | null>(null);
  const [revealing, setRevealing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reveal = async () => {
    setRevealing(true);
    setFailure(null);
    try {
      setSecret((await revealSecret(endpointId)).secret);
    } catch (caught) {
      setFailure(getErrorMessage(caught));
    } finally {
      setRevealing(false);
    }
  };
  return {secret, revealing, failure, reveal};
}

/** The Standard Webhooks headers of an attempt by name ('' when one is missing). */
export function signedHeaders(attempt: WebhookAttempt) {
  const headers = new Map(splitHeaders(attempt.requestHeaders).signature);
  return {
    id: headers.get('webhook-id') ?? '',
    timestamp: headers.get('webhook-timestamp') ?? '',
    signature: headers.get('webhook-signature') ?? '',
  };
}

/** The attempt's signature checked with the secret, each time the attempt or the secret changes. */
export function useSignatureCheck(
  delivery: WebhookDelivery | undefined,
  attempt: WebhookAttempt | undefined,
  secret: string | null,
): SignatureCheck | null {
  const [check, setCheck] = useState<SignatureCheck | null>(null);
  const body = delivery?.requestBody ?? null;
  useEffect(() => {
    setCheck(null);
    if (!attempt || body === null || !secret) return undefined;
    let cancelled = false;
    void checkSignature({...signedHeaders(attempt), body, secret, receivedAt: new Date(attempt.at)}).then((result) => {
      if (!cancelled) setCheck(result);
    });
    return () => {
      cancelled = true;
    };
  }, [attempt, body, secret]);
  return check;
}
