// A team flow's submission as FHIR R4 stores it: a QuestionnaireResponse naming the flow's Questionnaire with its
// version, whose items follow the Questionnaire's structure: a group's items under the group's item, a question's
// own items under its answer (answer.item), as FHIR nests them. Only what the patient was shown: hidden items and
// display text are left out, an unanswered shown question keeps its text without an answer, and a group with
// nothing in it is left out. The answers were checked first (contract checkQuestionnaireAnswers) and the hidden
// ones dropped (visibleAnswers); this only writes them down.
import type {
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItem,
  QuestionnaireResponseItemAnswer,
} from '@medplum/fhirtypes';
import {enabledLinkIds, type QuestionnaireAnswers} from '@intakekit/contract/questionnaire/enable-when';
import {choiceOptions} from '@intakekit/contract/questionnaire/options';

/** A team flow a patient answered: the version served and the Questionnaire the answers were checked against. */
export interface AnsweredQuestionnaire {
  id: string;
  /** '3', or 'draft' for a preview. */
  version: string;
  /** The widget's view of the version's document. */
  questionnaire: Questionnaire;
}

export interface TeamFlowResponseInput {
  id: string;
  /** flowQuestionnaireUrl: the canonical without its version. */
  questionnaireUrl: string;
  flow: AnsweredQuestionnaire;
  /** Checked answers of the questions shown. */
  answers: QuestionnaireAnswers;
  authored: Date;
}

/** A picked option as the Questionnaire names it (its display and system too); text and numbers as given. */
function storedAnswer(
  questionnaire: Questionnaire,
  item: QuestionnaireItem,
  answer: QuestionnaireResponseItemAnswer,
): QuestionnaireResponseItemAnswer {
  if (answer.valueCoding) {
    const result = choiceOptions(questionnaire.contained, item);
    const options = result.kind === 'options' ? result.options : [];
    const {code, system} = answer.valueCoding;
    const option = options.find(
      ({answer: {valueCoding: coding}}) =>
        coding !== undefined && coding.code === code && (coding.system === undefined || coding.system === system),
    );
    return {valueCoding: option?.answer.valueCoding ?? answer.valueCoding};
  }
  // FHIR's time has seconds; a time input gives hh:mm.
  if (answer.valueTime !== undefined && answer.valueTime.length === 5) return {valueTime: `${answer.valueTime}:00`};
  return {...answer};
}

export function buildTeamFlowResponse(input: TeamFlowResponseInput): QuestionnaireResponse {
  const {questionnaire, version} = input.flow;
  const shown = enabledLinkIds(questionnaire, input.answers);
  const itemsOf = (items: readonly QuestionnaireItem[] | undefined): QuestionnaireResponseItem[] =>
    (items ?? []).flatMap((item) => {
      const linkId = item.linkId ?? '';
      if (!shown.has(linkId) || item.type === 'display') return [];
      const children = itemsOf(item.item);
      const text = item.text === undefined ? {} : {text: item.text};
      if (item.type === 'group') return children.length > 0 ? [{linkId, ...text, item: children}] : [];
      const answers = (input.answers[linkId] ?? []).map((answer) => storedAnswer(questionnaire, item, answer));
      // A question's own items go under its (first) answer; unanswered, under the item (FHIR allows one of the two).
      if (answers.length > 0 && children.length > 0) answers[0] = {...answers[0], item: children};
      return [
        {
          linkId,
          ...text,
          ...(answers.length > 0 ? {answer: answers} : {}),
          ...(answers.length === 0 && children.length > 0 ? {item: children} : {}),
        },
      ];
    });
  return {
    resourceType: 'QuestionnaireResponse',
    id: input.id,
    questionnaire: `${input.questionnaireUrl}|${version}`,
    status: 'completed',
    authored: input.authored.toISOString(),
    item: itemsOf(questionnaire.item),
  };
}
