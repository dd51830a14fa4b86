import {describe, expect, it} from 'vitest';
import {deliveriesPath} from './api';
import {attemptOutcome, splitHeaders} from './delivery-words';

describe("a delivery's words and headers", () => {
  it('asks for a status and the page before a time, with only what is set', () => {
    const id = '0b8e4c1a-6f52-4f0e-9d7b-3c2a1e5f9a10';
    expect(deliveriesPath(id, '')).toBe(`/api/webhooks/${id}/deliveries`);
    expect(deliveriesPath(id, 'failed', '2026-11-26T14:40:00.000Z')).toBe(
      `/api/webhooks/${id}/deliveries?status=failed&before=2026-11-26T14%3A40%3A00.000Z`,
    );
  });

  it('says how an attempt ended: the status, else why no answer came', () => {
    expect(attemptOutcome({responseStatus: 200, error: null})).toBe('HTTP 200');
    expect(attemptOutcome({responseStatus: 500, error: 'status'})).toBe('HTTP 500: Answered with a non-2xx status');
    expect(attemptOutcome({responseStatus: 302, error: 'status'})).toBe('HTTP 302: Answered with a non-2xx status');
    expect(attemptOutcome({responseStatus: null, error: 'timeout'})).toBe('No answer in time');
    expect(attemptOutcome({responseStatus: null, error: 'blocked'})).toBe('Address not allowed');
    expect(attemptOutcome({responseStatus: null, error: null})).toBe('Network error');
  });

  it('puts the signature headers first, each signature of a rolled secret on its own', () => {
    const split = splitHeaders({
      'Content-Type': 'application/json',
      'webhook-signature': 'v1,new= v1,old=',
      'Webhook-Id': 'msg_1',
      'webhook-timestamp': '1764168000',
      'user-agent': 'IntakeKit-Webhooks/1',
    });
    expect(split.signature).toEqual([
      ['webhook-id', 'msg_1'],
      ['webhook-timestamp', '1764168000'],
      ['webhook-signature', 'v1,new= v1,old='],
    ]);
    expect(split.signatures).toEqual(['v1,new=', 'v1,old=']);
    expect(split.other).toEqual([
      ['content-type', 'application/json'],
      ['user-agent', 'IntakeKit-Webhooks/1'],
    ]);
    expect(splitHeaders({}).signatures).toEqual([]);
  });
});
