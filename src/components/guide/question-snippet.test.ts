import {describe, expect, it} from 'vitest';
import {QUESTION_TYPES, type FlowQuestion} from '@intakekit/contract/flows';
import {exampleQuestion} from '@intakekit/contract/flow-catalogue';
import {questionSnippet} from './question-snippet';

/** What the snippet passes to `IntakeKit.init` when a page runs it. */
function initConfig(snippet: string): unknown {
  let config: unknown;
  new Function('IntakeKit', snippet)({init: (given: unknown) => (config = given)});
  return config;
}

describe('questionSnippet', () => {
  it.each(QUESTION_TYPES)('asks the %s example exactly as the built-in flow does', (type) => {
    const question = exampleQuestion(type);
    expect(question.type).toBe(type);
    expect(initConfig(questionSnippet(question, 'new-patient'))).toEqual({
      container: '#intake',
      apiKey: 'YOUR_SANDBOX_KEY',
      flowId: 'new-patient',
      questions: [question],
    });
  });

  it('writes quotes, backslashes, numbers and booleans as JavaScript that reads back the same', () => {
    const question: FlowQuestion = {
      id: 'mood',
      question: "How's it going? C:\\path",
      type: 'singleChoice',
      required: false,
      options: [
        {label: "It's fine", value: 'it\'s "fine"'},
        {label: 'Ten', value: 10},
        {label: 'Yes', value: true},
      ],
    };
    expect(initConfig(questionSnippet(question, 'annual-checkup'))).toMatchObject({
      flowId: 'annual-checkup',
      questions: [question],
    });
  });

  it('keeps every line within the guide column (80 characters)', () => {
    for (const type of QUESTION_TYPES) {
      const long = questionSnippet(exampleQuestion(type), 'new-patient')
        .split('\n')
        .filter((line) => line.length > 80);
      expect(long, type).toEqual([]);
    }
  });
});
