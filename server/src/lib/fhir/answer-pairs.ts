// A stored QuestionnaireResponse read back as the portal shows it: each question's text and its answer in words, in
// the response's order. A team flow's response nests (a group's items, a question's items under its answer): each
// question is one pair all the same, its own items following it, and a group gives no pair of its own.
import type {
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';

export interface AnswerPair {
  questionId: string;
  question: string;
  /** The answer in words (several joined by commas), or null when the question was left unanswered. */
  answer: string | null;
}

function inWords(answer: QuestionnaireResponseItemAnswer): string {
  if (answer.valueBoolean !== undefined) return answer.valueBoolean ? 'Yes' : 'No';
  if (answer.valueCoding) return answer.valueCoding.display ?? answer.valueCoding.code ?? '';
  if (answer.valueInteger !== undefined) return String(answer.valueInteger);
  if (answer.valueDecimal !== undefined) return String(answer.valueDecimal);
  return answer.valueDate ?? answer.valueDateTime ?? answer.valueTime ?? answer.valueString ?? '';
}

function pairsOf(items: readonly QuestionnaireResponseItem[] | undefined): AnswerPair[] {
  return (items ?? []).flatMap((item) => {
    const answers = item.answer ?? [];
    const nested = [...pairsOf(item.item), ...answers.flatMap((answer) => pairsOf(answer.item))];
    // A group: its questions only.
    if (answers.length === 0 && item.item !== undefined) return nested;
    const words = answers.map(inWords);
    const pair: AnswerPair = {
      questionId: item.linkId ?? '',
      question: item.text ?? item.linkId ?? '',
      answer: words.length > 0 ? words.join(', ') : null,
    };
    return [pair, ...nested];
  });
}

export function answerPairs(response: QuestionnaireResponse): AnswerPair[] {
  return pairsOf(response.item);
}
