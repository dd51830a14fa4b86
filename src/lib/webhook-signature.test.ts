import {describe, expect, it} from 'vitest';
import {Webhook} from 'standardwebhooks';
import {WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS} from '@intakekit/contract/webhooks';
import {checkSignature, decodeSecret, signedContent, signatureValues} from './webhook-signature';

// A key as the API makes them: whsec_ and 24 random bytes in base64.
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const ROLLED = 'whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD';
const ID = 'msg_2V9nQ4kT7xLmP3sR8dW1cB6yF0g';
const SENT = new Date('2026-11-26T14:32:05.000Z');
const TIMESTAMP = String(SENT.getTime() / 1000);
const BODY = '{"type":"submission.created","data":{"submissionId":"s1","note":"é ✓"}}';
const at = (seconds: number) => new Date(SENT.getTime() + seconds * 1000);

/** The header as the API sends it, signed by the standardwebhooks package the server uses. */
const header = (...secrets: string[]) => secrets.map((s) => new Webhook(s).sign(ID, SENT, BODY)).join(' ');

describe('checking a webhook signature in the browser', () => {
  it('signs id.timestamp.body with the key after whsec_ and finds the matching v1 signature', async () => {
    const check = await checkSignature({
      id: ID,
      timestamp: TIMESTAMP,
      signature: header(SECRET),
      body: BODY,
      secret: SECRET,
      receivedAt: at(1),
    });
    expect(check.content).toBe(`${ID}.${TIMESTAMP}.${BODY}`);
    expect(check.keyBytes).toBe(24);
    expect(`v1,${check.computed}`).toBe(header(SECRET));
    expect(check.signatures).toEqual([{value: check.computed, matches: true}]);
    expect(check.timestamp).toEqual({skewSeconds: 1, within: true});
    expect(check.failedStep).toBeNull();
  });

  it('with a rolled secret, two signatures: the one of the key used matches, the other not', async () => {
    const signature = header(ROLLED, SECRET);
    expect(signatureValues(signature)).toHaveLength(2);
    const check = await checkSignature({
      id: ID,
      timestamp: TIMESTAMP,
      signature,
      body: BODY,
      secret: SECRET,
      receivedAt: at(0),
    });
    expect(check.signatures.map((s) => s.matches)).toEqual([false, true]);
    expect(check.failedStep).toBeNull();
  });

  it('a tampered body, or another secret, fails at the comparison', async () => {
    const tampered = await checkSignature({
      id: ID,
      timestamp: TIMESTAMP,
      signature: header(SECRET),
      body: BODY.replace('s1', 's2'),
      secret: SECRET,
      receivedAt: at(0),
    });
    expect(tampered.signatures).toEqual([{value: expect.any(String), matches: false}]);
    expect(tampered.failedStep).toBe(4);
    const other = await checkSignature({
      id: ID,
      timestamp: TIMESTAMP,
      signature: header(SECRET),
      body: BODY,
      secret: ROLLED,
      receivedAt: at(0),
    });
    expect(other.failedStep).toBe(4);
  });

  it('a timestamp beyond the tolerance fails the last step, either way', async () => {
    const base = {id: ID, timestamp: TIMESTAMP, signature: header(SECRET), body: BODY, secret: SECRET};
    const late = await checkSignature({...base, receivedAt: at(WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS + 1)});
    expect(late.timestamp).toEqual({skewSeconds: WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS + 1, within: false});
    expect(late.failedStep).toBe(5);
    expect(
      (await checkSignature({...base, receivedAt: at(-WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS)})).failedStep,
    ).toBeNull();
    expect((await checkSignature({...base, receivedAt: at(-WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS - 1)})).failedStep).toBe(
      5,
    );
  });

  it('a secret that is not whsec_ and base64 fails at the key', async () => {
    expect(() => decodeSecret('sk_abc')).toThrow('The secret is not whsec_ followed by base64.');
    expect(() => decodeSecret('whsec_not base64!')).toThrow('The secret is not whsec_ followed by base64.');
    const check = await checkSignature({
      id: ID,
      timestamp: TIMESTAMP,
      signature: header(SECRET),
      body: BODY,
      secret: 'whsec_',
      receivedAt: at(0),
    });
    expect(check.failedStep).toBe(2);
    expect(check.computed).toBeNull();
  });

  it('keeps only v1 signatures of the header', () => {
    expect(signatureValues('v1,abc= v2,xyz v1,def=')).toEqual(['abc=', 'def=']);
    expect(signatureValues('')).toEqual([]);
    expect(signedContent('a', '1', '{}')).toBe('a.1.{}');
  });
});
