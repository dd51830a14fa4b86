// A stored QuestionnaireResponse read back as the portal shows it: each question's text and its answer in words.
import type {QuestionnaireResponse, QuestionnaireResponseItemAnswer} from '@medplum/fhirtypes';

export interface AnswerPair {
  questionId: string;
  question: string;
  /** The answer in words (several joined by commas), or null when the question was left unanswered. */
  answer: string | null;
}

function inWords(answer: QuestionnaireResponseItemAnswer): string {
  if (answer.valueBoolean !== undefined) return answer.valueBoolean ? 'Yes' : 'No';
  if (answer.valueCoding) return answer.valueCoding.display ?? answer.valueCoding.code ?? '';
  return answer.valueDate ?? answer.valueString ?? '';
}

export function answerPairs(response: QuestionnaireResponse): AnswerPair[] {
  return (response.item ?? []).map((item) => {
    const words = (item.answer ?? []).map(inWords);
    return {
      questionId: item.linkId ?? '',
      question: item.text ?? item.linkId ?? '',
      answer: words.length > 0 ? words.join(', ') : null,
    };
  });
}
