// The Webhooks page's own words (the API's refusals come from the contract's catalogue).
import {WEBHOOK_DISABLE_AFTER_DAYS, WEBHOOK_SECRET_OVERLAP_HOURS} from '@intakekit/contract/webhooks';

export const WEBHOOKS_TEXT = {
  description:
    'Endpoints on your servers that receive each event as it happens, signed with their own secret and retried until they answer.',
  membersReadOnly:
    'Only owners and admins can add, change or delete endpoints, see their signing secrets, send test events or resend deliveries.',
  list: {
    loading: 'Loading the endpoints...',
    failed: 'The endpoints could not be loaded.',
    empty: 'No endpoints yet',
    emptyHint: 'Add the URL of your server, or the test inbox to see deliveries without one.',
  },
  eventTypesRequired: 'Choose at least one event.',
  testEventsAlways: 'Test events are sent whatever you choose here.',
  confirmDelete: 'Delete this endpoint?',
  deleteConsequence: 'Its pending deliveries and its delivery log are deleted too. This cannot be undone.',
  confirmRoll: 'Roll this signing secret?',
  rollConsequence: `A new secret signs every delivery from now on. The old one keeps signing beside it for ${WEBHOOK_SECRET_OVERLAP_HOURS} hours (two signatures in webhook-signature), so your receiver can switch without losing a delivery.`,
  secretManagersOnly: 'Only owners and admins can see the signing secret.',
  disabledByApi: `Disabled after ${WEBHOOK_DISABLE_AFTER_DAYS} days of failed attempts. Fix the receiver, then enable it: events are not sent until then.`,
  disabledByPerson: 'Disabled: events are not sent to it.',
  failingWarning: `After ${WEBHOOK_DISABLE_AFTER_DAYS} days of failures the endpoint is disabled and owners and admins are emailed.`,
  bodyHidden: "Only owners and admins can see the body of a production event: it may hold patients' answers.",
  inboxDescription:
    'A URL on IntakeKit that keeps what it receives for 24 hours: add it as a sandbox endpoint to see signed deliveries without running a server.',
  inboxManagersOnly: 'An owner or admin can add the test inbox.',
  inboxEmpty: 'Nothing received yet. Send a test event to the inbox endpoint to see it here.',
  inboxBodyHidden: 'Only owners and admins can read what the inbox received.',
  recoverInvalid: 'Enter the date and time to resend failed events from.',
} as const;

/** "3 failed attempts in a row". */
export function failuresInARow(count: number): string {
  return `${count} failed ${count === 1 ? 'attempt' : 'attempts'} in a row`;
}
