import {describe, expect, it} from 'vitest';
import type {WebhookDelivery, WebhookEndpoint} from '@intakekit/contract/schemas/webhooks';
import {deliveryRefreshMs, findSubmissionDelivery, receivesDemoSubmissions} from './submission-delivery';

const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd',
  eventId: 'msg_1',
  eventType: 'submission.created',
  status: 'pending',
  attemptCount: 0,
  nextAttemptAt: null,
  createdAt: '2026-11-26T14:32:05.000Z',
  requestBody: null,
  attempts: [],
  ...over,
});
const body = (type: string, submissionId: string) => JSON.stringify({type, data: {submissionId}});

describe("the demo's delivery of its submission", () => {
  it('finds the submission.created delivery whose body names the submission, and stops asking once it is done', () => {
    const mine = delivery({id: 'mine', requestBody: body('submission.created', 's1')});
    const list = [
      delivery({id: 'other', requestBody: body('submission.created', 's2')}),
      delivery({id: 'deleted', eventType: 'submission.deleted', requestBody: body('submission.deleted', 's1')}),
      delivery({id: 'hidden'}),
      delivery({id: 'odd', requestBody: 'not json'}),
      mine,
    ];
    expect(findSubmissionDelivery(list, 's1')).toBe(mine);
    expect(findSubmissionDelivery(list, 's3')).toBeUndefined();
    expect(deliveryRefreshMs(undefined)).toBe(1000);
    expect(deliveryRefreshMs(mine)).toBe(1000);
    expect(deliveryRefreshMs({...mine, status: 'delivered'})).toBe(0);
    expect(deliveryRefreshMs({...mine, status: 'failed'})).toBe(0);
  });

  it('waits on the enabled sandbox endpoints subscribed to submission.created', () => {
    const endpoint = {environment: 'sandbox', enabled: true, eventTypes: ['submission.created']} as WebhookEndpoint;
    expect(receivesDemoSubmissions(endpoint)).toBe(true);
    expect(receivesDemoSubmissions({...endpoint, environment: 'production'})).toBe(false);
    expect(receivesDemoSubmissions({...endpoint, enabled: false})).toBe(false);
    expect(receivesDemoSubmissions({...endpoint, eventTypes: ['submission.deleted']})).toBe(false);
  });
});
