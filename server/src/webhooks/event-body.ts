// The body an event is sent with, built at each attempt from the event and the endpoint's payload style: the same
// for every attempt of an event, as webhook-id is, unless the submission was deleted meanwhile: a retry then leaves
// out what was deleted (flowId, flowVersion, the answers) rather than send it. A full submission.created body holds
// the patient's answers (opened from the submission's row): it is only ever sent, signed, to the endpoint, never
// logged or stored again.
import type {SecretBox} from '../lib/secret-box.js';
import type {DeliveryToSend} from '../repositories/webhook-deliveries-repository.js';

export interface EventBoxes {
  /** webhookEventsBox: the events' own data. */
  events: SecretBox;
  /** submissionsBox: the answers, for a full payload. */
  submissions: SecretBox;
}

export function eventBody({endpoint, event, submission}: DeliveryToSend, boxes: EventBoxes): string {
  const data: Record<string, unknown> = event.payload_ciphertext
    ? (JSON.parse(boxes.events.open(event.payload_ciphertext, event.id)) as Record<string, unknown>)
    : {};
  if (event.submission_id) {
    Object.assign(data, {submissionId: event.submission_id, environment: event.key_type});
    if (submission) Object.assign(data, {flowId: submission.flow_id, flowVersion: submission.flow_version});
    if (submission && endpoint.payload_style === 'full' && event.event_type === 'submission.created') {
      data.questionnaireResponse = JSON.parse(boxes.submissions.open(submission.answers_ciphertext, submission.id));
    }
  }
  return JSON.stringify({type: event.event_type, timestamp: event.created_at.toISOString(), data});
}
