// The rules of a team's own flows: ids, the messages that name the limits, and INVALID_QUESTIONNAIRE's message.
import {describe, expect, it} from 'vitest';
import {FLOW_CODES} from '../src/flow-errors.js';
import {FLOWS} from '../src/flow-catalogue.js';
import {
  FLOW_ID_MAX_LENGTH,
  FLOW_NOTE_MAX_LENGTH,
  TEAM_FLOWS_MAX,
  flowUnchangedMessage,
  invalidQuestionnaireMessage,
  isBuiltInFlowId,
  isFlowId,
} from '../src/team-flows.js';

describe('team flows', () => {
  it('takes lower-case ids of 1 to 64 characters, never a built-in flow’s', () => {
    for (const id of ['a', 'phq-9', 'clinic.intake:v2', 'x'.repeat(FLOW_ID_MAX_LENGTH)])
      expect(isFlowId(id), id).toBe(true);
    for (const id of ['', 'PHQ-9', '-a', '.a', 'a b', 'x'.repeat(FLOW_ID_MAX_LENGTH + 1), 'é']) {
      expect(isFlowId(id), id).toBe(false);
    }
    for (const flow of FLOWS) expect(isFlowId(flow.id) && isBuiltInFlowId(flow.id)).toBe(true);
    expect(isBuiltInFlowId('phq-9')).toBe(false);
  });

  it('names the limits the rules hold', () => {
    expect(FLOW_CODES.FLOW_LIMIT_REACHED.message).toContain(`limit of ${TEAM_FLOWS_MAX} flows`);
    expect(FLOW_CODES.INVALID_FLOW_NOTE.message).toContain(`at most ${FLOW_NOTE_MAX_LENGTH} characters`);
    expect(FLOW_CODES.INVALID_FLOW_ID.message).toContain(`1 to ${FLOW_ID_MAX_LENGTH} characters`);
    expect(flowUnchangedMessage(3)).toBe('Nothing changed since version 3; edit the draft first.');
  });

  it('counts the problems and names the first by path and linkId', () => {
    const first = {path: 'item[2].linkId', linkId: 'q3', message: 'Another item already has the linkId "q3".'};
    expect(invalidQuestionnaireMessage([first])).toBe(
      'The flow has 1 problem; the first: item[2].linkId (q3): Another item already has the linkId "q3".',
    );
    const whole = {path: '', message: 'Not a Questionnaire.'};
    expect(invalidQuestionnaireMessage(Array(2_001).fill(whole))).toBe(
      'The flow has 2,001 problems; the first: the document: Not a Questionnaire.',
    );
  });
});
