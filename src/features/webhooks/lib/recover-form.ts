/** 'Recover failed since…': a moment typed in the reader's zone, sent as the contract's timestamp. */
import {WebhookRecoverBody} from '@intakekit/contract/schemas/webhooks';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';
import {fromLocalInput} from './deliveries';
import {WEBHOOKS_TEXT} from './texts';

export type RecoverValues = {since: string};

export const RECOVER_FORM: ContractRules<RecoverValues, WebhookRecoverBody> = {
  schema: WebhookRecoverBody,
  toBody: ({since}) => ({since: fromLocalInput(since) ?? ''}),
  checks: [{field: 'since', rule: ({since}) => (fromLocalInput(since) ? null : WEBHOOKS_TEXT.recoverInvalid)}],
};
