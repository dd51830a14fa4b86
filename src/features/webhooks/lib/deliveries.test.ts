import {describe, expect, it} from 'vitest';
import {bodyEventType, fromLocalInput, inboxUrl, prettyBody, toLocalInput} from './deliveries';
import {RECOVER_FORM} from './recover-form';
import {rulesMessage} from '@site/src/lib/forms/contract-resolver';
import {WEBHOOKS_TEXT} from './texts';

describe('bodies', () => {
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
