// The Publish dialog's note: the contract's body schema and its limit, in the API's words.
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {PublishFlowBody} from '@intakekit/contract/schemas/flows';
import type {ContractRules} from '@site/src/lib/forms/contract-resolver';

export type PublishValues = {note: string};

export const PUBLISH_FORM: ContractRules<PublishValues, PublishFlowBody> = {
  schema: PublishFlowBody,
  toBody: ({note}) => ({note: note.trim()}),
  checks: [
    {field: 'note', failed: 'maxLength', message: ERROR_CATALOGUE.INVALID_FLOW_NOTE.message},
    {field: 'note', failed: 'pattern', message: ERROR_CATALOGUE.INVALID_FLOW_NOTE.message},
  ],
};
