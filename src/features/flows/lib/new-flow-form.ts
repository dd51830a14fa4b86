/**
 * The New flow form: an id, and a built-in flow to start from or a Questionnaire's JSON (a file or a paste), checked
 * with the contract's body schema, the id rules and the same validator the API runs.
 */
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';
import {FLOWS} from '@intakekit/contract/flow-catalogue';
import {validateQuestionnaire} from '@intakekit/contract/questionnaire/index';
import {NewFlowBody} from '@intakekit/contract/schemas/flows';
import {isBuiltInFlowId, isFlowId} from '@intakekit/contract/team-flows';
import type {ContractRules, FormCheck} from '@site/src/lib/forms/contract-resolver';
import {FLOWS_TEXT, countOf} from './texts';

export type NewFlowValues = {flowId: string; source: 'template' | 'import'; template: string; json: string};

export const NEW_FLOW_VALUES: NewFlowValues = {flowId: '', source: 'template', template: FLOWS[0]?.id ?? '', json: ''};

/** The pasted text read as JSON, or undefined when it is none. */
export function parseJson(text: string): {ok: true; value: unknown} | {ok: false} {
  try {
    return {ok: true, value: JSON.parse(text) as unknown};
  } catch {
    return {ok: false};
  }
}

function jsonRule({source, json}: NewFlowValues): string | null {
  if (source !== 'import') return null;
  if (json.trim() === '') return FLOWS_TEXT.importHint;
  const parsed = parseJson(json);
  if (!parsed.ok) return FLOWS_TEXT.notJson;
  const errors = validateQuestionnaire(parsed.value).problems.filter((problem) => problem.severity === 'error');
  return errors.length > 0
    ? `The Questionnaire has ${countOf(errors.length, 'problem')}; fix them (listed below) first.`
    : null;
}

const CHECKS: readonly FormCheck<NewFlowValues>[] = [
  {field: 'flowId', rule: ({flowId}) => (isFlowId(flowId.trim()) ? null : ERROR_CATALOGUE.INVALID_FLOW_ID.message)},
  {
    field: 'flowId',
    rule: ({flowId}) => (isBuiltInFlowId(flowId.trim()) ? ERROR_CATALOGUE.FLOW_ID_BUILT_IN.message : null),
  },
  {field: 'json', rule: jsonRule},
];

export const NEW_FLOW_FORM: ContractRules<NewFlowValues, NewFlowBody> = {
  schema: NewFlowBody,
  toBody: ({flowId, source, template, json}) => {
    if (source === 'template') return {flowId: flowId.trim(), template};
    const parsed = parseJson(json);
    return {flowId: flowId.trim(), questionnaire: (parsed.ok ? parsed.value : {}) as NewFlowBody['questionnaire']};
  },
  checks: CHECKS,
};

/** The API's refusals of an id, shown at the id field. */
export const FLOW_ID_REFUSALS = {
  INVALID_FLOW_ID: 'flowId',
  FLOW_ID_BUILT_IN: 'flowId',
  FLOW_ID_TAKEN: 'flowId',
} as const;
