// Shapes of POST /api/sdk/sessions, built from the lists of flows.ts so the SDK, the sample flow and this
// schema agree by construction.
import * as Type from 'typebox';
import type {Static} from 'typebox';
import {ENVIRONMENTS, QUESTION_TYPES, type FlowQuestion} from '../flows.js';
import {literalUnion, type Agrees, type Same} from './common.js';

export const Environment = literalUnion(ENVIRONMENTS, {
  description: 'sandbox, dev and test take a sandbox key; pro takes a production key',
});

export const SessionBody = Type.Object({
  flowId: Type.String({
    minLength: 1,
    maxLength: 128,
    pattern: '^[A-Za-z0-9_.:-]+$',
    description: 'The id of a built-in flow, such as new-patient: letters, digits, _ . : and - only.',
  }),
  env: Type.Optional(Environment),
});
export type SessionBody = Static<typeof SessionBody>;

const OptionBody = Type.Object({
  label: Type.String(),
  value: Type.Union([Type.String(), Type.Number(), Type.Boolean()]),
});

export const FlowQuestionBody = Type.Object({
  id: Type.String(),
  question: Type.String(),
  type: literalUnion(QUESTION_TYPES),
  required: Type.Boolean(),
  options: Type.Optional(Type.Array(OptionBody)),
});
export type FlowQuestionAgrees = Agrees<Same<Static<typeof FlowQuestionBody>, FlowQuestion>>;

export const SessionResponse = Type.Object({
  sessionId: Type.String({format: 'uuid'}),
  flowId: Type.String(),
  env: Environment,
  questions: Type.Array(FlowQuestionBody),
});
export type SessionResponse = Static<typeof SessionResponse>;
