import {describe, expect, it} from 'vitest';
import {WEBHOOK_EVENT_LABELS, WEBHOOK_RETRY_SCHEDULE_SECONDS} from '@intakekit/contract/webhooks';
import {WEBHOOK_EVENT_EXAMPLES} from '@intakekit/contract/webhook-examples';
import {eventRows, eventsMarkdown, payloadExample, retryMarkdown, retryRows} from './webhook-tables';

describe("the guide's webhook tables, from the contract", () => {
  it('words the retry schedule: when each attempt goes and how long after the first', () => {
    const rows = retryRows(WEBHOOK_RETRY_SCHEDULE_SECONDS);
    expect(rows.map((r) => [r.attempt, r.wait, r.sinceFirst])).toEqual([
      [1, 'At once', '-'],
      [2, '5 seconds later', '5 s'],
      [3, '5 minutes later', '5 min 5 s'],
      [4, '30 minutes later', '35 min 5 s'],
      [5, '2 hours later', '2 h 35 min 5 s'],
      [6, '5 hours later', '7 h 35 min 5 s'],
      [7, '10 hours later', '17 h 35 min 5 s'],
      [8, '10 hours later', '27 h 35 min 5 s'],
    ]);
    expect(retryMarkdown(rows).split('\n')[3]).toBe('| 2 | 5 seconds later | 5 s |');
    expect(retryRows([0, 60, 3600])[2]).toEqual({attempt: 3, wait: '1 hour later', sinceFirst: '1 h 1 min'});
  });

  it("lists each event with an example body and its data's fields, the full payload's own named", () => {
    const rows = eventRows(WEBHOOK_EVENT_LABELS, Object.values(WEBHOOK_EVENT_EXAMPLES));
    expect(rows[0]).toEqual({
      type: 'submission.created',
      label: WEBHOOK_EVENT_LABELS['submission.created'],
      fields: ['submissionId', 'environment', 'flowId', 'flowVersion'],
      someFields: ['questionnaireResponse'],
    });
    expect(rows.map((r) => r.type)).toContain('webhook.test');
    expect(eventsMarkdown(rows)).toContain(
      '| `submission.deleted` | A submission was deleted | `submissionId`, `environment` |',
    );
    const {title, json} = payloadExample(WEBHOOK_EVENT_EXAMPLES, 'full');
    expect(title).toBe('submission.created (full)');
    expect(JSON.parse(json)).toEqual(WEBHOOK_EVENT_EXAMPLES.submissionCreatedFull);
  });
});
