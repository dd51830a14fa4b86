// A stored QuestionnaireResponse read back as the portal shows it: each question's text and its answer in words, in
// the response's order. A team flow's response nests (a group's items, a question's items under its answer): each
// question is one pair all the same, its own items following it, and a group gives no pair of its own.
import type {
  Questionnaire,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import {walkItems} from '@intakekit/contract/questionnaire/walk';

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

/** The linkIds of the Questionnaire's groups, at every level. */
function groupLinkIds(questionnaire: Questionnaire): Set<string> {
  const groups = walkItems(questionnaire).items.filter(({item}) => item.type === 'group');
  return new Set(groups.map(({item}) => item.linkId ?? ''));
}

function pairsOf(items: readonly QuestionnaireResponseItem[] | undefined, isGroup: IsGroup): AnswerPair[] {
  return (items ?? []).flatMap((item) => {
    const answers = item.answer ?? [];
    const nested = [...pairsOf(item.item, isGroup), ...answers.flatMap((answer) => pairsOf(answer.item, isGroup))];
    // A group: its questions only.
    if (isGroup(item)) return nested;
    const words = answers.map(inWords);
    const pair: AnswerPair = {
      questionId: item.linkId ?? '',
      question: item.text ?? item.linkId ?? '',
      answer: words.length > 0 ? words.join(', ') : null,
    };
    return [pair, ...nested];
  });
}

type IsGroup = (item: QuestionnaireResponseItem) => boolean;

/**
 * The response's pairs. An unanswered question whose own items were shown looks like a group in the response (items,
 * no answer): the Questionnaire it answered tells them apart. Without it (a built-in flow, which never nests, or a
 * version no longer found), such an item is taken for a group.
 */
export function answerPairs(response: QuestionnaireResponse, questionnaire?: Questionnaire): AnswerPair[] {
  const groups = questionnaire && groupLinkIds(questionnaire);
  const isGroup: IsGroup = groups
    ? (item) => groups.has(item.linkId ?? '')
    : (item) => item.answer === undefined && item.item !== undefined;
  return pairsOf(response.item, isGroup);
}
