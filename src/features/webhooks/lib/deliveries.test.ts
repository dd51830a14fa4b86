import {describe, expect, it} from 'vitest';
import {
  attemptOutcome,
  bodyEventType,
  deliveriesPath,
  fromLocalInput,
  inboxUrl,
  prettyBody,
  splitHeaders,
  toLocalInput,
} from './deliveries';
import {RECOVER_FORM} from './recover-form';
import {rulesMessage} from '@site/src/lib/forms/contract-resolver';
import {WEBHOOKS_TEXT} from './texts';

describe('the delivery log', () => {
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

  it('indents JSON bodies, keeps others as they are, and reads the event type of a received one', () => {
    expect(prettyBody('{"type":"webhook.test"}')).toBe('{\n  "type": "webhook.test"\n}');
    expect(prettyBody('ok')).toBe('ok');
    expect(bodyEventType('{"type":"webhook.test","data":{}}')).toBe('webhook.test');
    expect(bodyEventType('[1]')).toBeNull();
    expect(bodyEventType('not json')).toBeNull();
    expect(bodyEventType(null)).toBeNull();
  });
});

describe('Recover failed since…', () => {
  it("reads the field in the reader's zone and sends the API's timestamp", async () => {
    const moment = new Date(2026, 10, 26, 9, 5);
    expect(toLocalInput(moment)).toBe('2026-11-26T09:05');
    expect(fromLocalInput('2026-11-26T09:05')).toBe(moment.toISOString());
    expect(RECOVER_FORM.toBody({since: '2026-11-26T09:05'})).toEqual({since: moment.toISOString()});
    expect(await rulesMessage(RECOVER_FORM, {since: '2026-11-26T09:05'})).toBeNull();
    for (const since of ['', 'yesterday', '2026-13-40T99:99']) {
      expect(fromLocalInput(since), since).toBeNull();
      expect(await rulesMessage(RECOVER_FORM, {since}), since).toBe(WEBHOOKS_TEXT.recoverInvalid);
    }
  });
});

describe('inboxUrl', () => {
  it("is the API's origin and the inbox's path", () => {
    const path = '/api/webhook-inbox/Qm9vdHN0cmFwcGVkLWluYm94LWlkLTAx';
    expect(inboxUrl('https://api.example.com/', path)).toBe(`https://api.example.com${path}`);
    expect(inboxUrl('http://127.0.0.1:18787', path)).toBe(`http://127.0.0.1:18787${path}`);
  });
});
