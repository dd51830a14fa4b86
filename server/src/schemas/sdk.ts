// Shapes of POST /api/sdk/sessions.
import {Type} from 'typebox';

export const Environment = Type.Union(
  [Type.Literal('sandbox'), Type.Literal('dev'), Type.Literal('test'), Type.Literal('pro')],
  {
    description: 'sandbox, dev and test take a sandbox key; pro takes a production key',
  },
);

export const SessionBody = Type.Object({
  flowId: Type.String({minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$'}),
  env: Type.Optional(Environment),
});

const OptionBody = Type.Object({label: Type.String(), value: Type.Union([Type.String(), Type.Boolean()])});

export const SessionResponse = Type.Object({
  sessionId: Type.String({format: 'uuid'}),
  flowId: Type.String(),
  env: Environment,
  questions: Type.Array(
    Type.Object({
      id: Type.String(),
      question: Type.String(),
      type: Type.Union([
        Type.Literal('singleChoice'),
        Type.Literal('multiChoice'),
        Type.Literal('text'),
        Type.Literal('date'),
        Type.Literal('yesNo'),
      ]),
      required: Type.Boolean(),
      options: Type.Optional(Type.Array(OptionBody)),
    }),
  ),
});
