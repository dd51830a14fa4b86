// The webhooks' email: an endpoint disabled after failing every attempt for WEBHOOK_DISABLE_AFTER_DAYS days.
import {WEBHOOK_DISABLE_AFTER_DAYS} from '@intakekit/contract/webhooks';
import type {Parts} from './templates.js';

export type WebhookMail = {
  kind: 'webhook-endpoint-disabled';
  name: string | null;
  /** The endpoint's description and environment, as the activity log names it; plain text, escaped in HTML. */
  endpointLabel: string;
  url: string;
  link: string;
};

export function webhookParts(template: WebhookMail): Parts {
  return {
    subject: `Your IntakeKit webhook endpoint ${template.endpointLabel} was disabled`,
    paragraphs: [
      `Every delivery to ${template.url} failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so the endpoint was disabled: new events are no longer sent to it.`,
      'Fix the receiver, enable the endpoint again on the Webhooks page, then use "Recover failed since..." to send the events it missed.',
    ],
    action: {label: 'Open Webhooks', link: template.link},
    footer: 'You receive this as an owner or admin of the endpoint.',
  };
}
