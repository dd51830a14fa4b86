// The words of the demo's delivery panel (the signature check's own refusals are in src/lib/webhook-signature.ts).
import {WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS} from '@intakekit/contract/webhooks';

export const DELIVERY_TEXT = {
  title: 'Delivery to your endpoints',
  description:
    'IntakeKit pushes each stored submission to your sandbox endpoints, signed with their secret. Watch this one arrive and check its signature here, as your server would.',
  endpointsFailed: 'Your webhook endpoints could not be loaded.',
  noEndpoint: 'No sandbox endpoint receives new submissions yet, so this one was not delivered anywhere.',
  noEndpointLink: 'Add the test inbox on the Webhooks page',
  waiting: 'Waiting for the delivery...',
  delivered: 'Delivered',
  verified: 'Signature verified',
  secretManagersOnly: 'Only owners and admins can check it with the secret.',
  needsSecret: 'Needs the secret.',
  tolerance: `within ${WEBHOOK_TIMESTAMP_TOLERANCE_SECONDS / 60} minutes`,
} as const;

export const failedDelivery = (outcome: string) => `Failed: ${outcome}`;

export const notVerified = (step: number) => `Signature not verified: step ${step} failed`;
