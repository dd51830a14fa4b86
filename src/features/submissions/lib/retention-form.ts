/**
 * The retention form: the contract's body schema (what the API validates) on the days typed, and the API's own
 * message for days out of bounds.
 */
import type {KeyType} from '@intakekit/contract/api-keys';
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {RetentionBody} from '@intakekit/contract/schemas/submissions-portal';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';

export type RetentionValues = {environment: KeyType; days: string};

const OUT_OF_BOUNDS = ERROR_CATALOGUE.INVALID_RETENTION.message;

export const RETENTION_FORM: ContractRules<RetentionValues, RetentionBody> = {
  schema: RetentionBody,
  toBody: ({environment, days}) => ({environment, days: days.trim() === '' ? Number.NaN : Number(days)}),
  checks: [
    {field: 'days', rule: ({days}) => (/^\s*\d+\s*$/.test(days) ? null : OUT_OF_BOUNDS)},
    {field: 'days', failed: 'minimum', message: OUT_OF_BOUNDS},
    {field: 'days', failed: 'maximum', message: OUT_OF_BOUNDS},
  ],
};
