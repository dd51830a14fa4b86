/**
 * The production access request: the contract's body schema (what the API validates) on the trimmed plans, and the
 * API's own messages for plans too short and no volume chosen.
 */
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import type {MonthlyIntakeVolume} from '@intakekit/contract/production-access';
import {ProductionAccessBody} from '@intakekit/contract/schemas/production-access';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';

export type ProductionRequestValues = {plans: string; monthlyIntakes: MonthlyIntakeVolume | ''};

export const PRODUCTION_REQUEST: ContractRules<ProductionRequestValues, ProductionAccessBody> = {
  schema: ProductionAccessBody,
  toBody: ({plans, monthlyIntakes}) => ({plans: plans.trim(), monthlyIntakes: monthlyIntakes as MonthlyIntakeVolume}),
  checks: [
    {field: 'plans', failed: 'minLength', message: ERROR_CATALOGUE.PRODUCTION_PLANS_TOO_SHORT.message},
    {
      field: 'monthlyIntakes',
      rule: ({monthlyIntakes}) => (monthlyIntakes ? null : ERROR_CATALOGUE.PRODUCTION_VOLUME_REQUIRED.message),
    },
  ],
};
