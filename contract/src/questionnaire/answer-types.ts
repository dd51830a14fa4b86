/** Which answer[x] of an enableWhen fits the question it names, and which answer[x] a QuestionnaireResponse holds. */
import type {QuestionnaireItem} from '@medplum/fhirtypes';
import type {ChoiceOption} from './options.js';

export const ENABLE_WHEN_ANSWER_KEYS = [
  'answerBoolean',
  'answerDecimal',
  'answerInteger',
  'answerDate',
  'answerDateTime',
  'answerTime',
  'answerString',
  'answerCoding',
  'answerQuantity',
  'answerReference',
] as const;
export type EnableWhenAnswerKey = (typeof ENABLE_WHEN_ANSWER_KEYS)[number];

const BY_TYPE: Readonly<Record<string, readonly EnableWhenAnswerKey[]>> = {
  boolean: ['answerBoolean'],
  decimal: ['answerDecimal', 'answerInteger'],
  integer: ['answerInteger', 'answerDecimal'],
  date: ['answerDate', 'answerDateTime'],
  dateTime: ['answerDateTime', 'answerDate'],
  time: ['answerTime'],
  string: ['answerString'],
  text: ['answerString'],
};

/**
 * The answer keys an enableWhen on this question may use, or null when any will do: a type not shown, or a choice
 * whose options the document does not hold.
 */
export function expectedAnswerKeys(
  item: QuestionnaireItem,
  options: readonly ChoiceOption[],
): readonly EnableWhenAnswerKey[] | null {
  const type = item.type ?? '';
  if (type === 'choice' || type === 'open-choice') {
    if (options.length === 0) return null;
    const keys = new Set<EnableWhenAnswerKey>(type === 'open-choice' ? ['answerString'] : []);
    for (const {answer} of options) {
      if (answer.valueCoding) keys.add('answerCoding');
      if (answer.valueString !== undefined) keys.add('answerString');
      if (answer.valueInteger !== undefined) keys.add('answerInteger');
    }
    return [...keys];
  }
  return BY_TYPE[type] ?? null;
}

/** The keys that have an order (for >, <, >=, <=); text compares in code-unit order, as LHC-Forms does. */
export const ORDERED_ANSWER_KEYS: readonly EnableWhenAnswerKey[] = [
  'answerString',
  'answerDecimal',
  'answerInteger',
  'answerDate',
  'answerDateTime',
  'answerTime',
];
