/**
 * The validator the API (on save and import) and the editor (as one types) share. It returns every problem, each
 * with its path, linkId and rule: errors refuse the document, notes list what is kept but not shown.
 */
import type {QuestionnaireItem} from '@medplum/fhirtypes';
import {QUESTIONNAIRE_MESSAGES as M, type QuestionnaireProblem} from './messages.js';
import {choiceOptions, type ChoiceOption} from './options.js';
import {SHOWN_ITEM_ELEMENTS, isChoiceType, isSupportedItemType} from './types.js';
import {checkConditions} from './validate-conditions.js';
import {isRecord, walkItems, type WalkedItem} from './walk.js';

export interface QuestionnaireValidation {
  /** True when no problem is an error: the document can be saved and served. */
  valid: boolean;
  problems: QuestionnaireProblem[];
}

const isChoice = (item: QuestionnaireItem): boolean => isChoiceType(item.type);

export function validateQuestionnaire(document: unknown): QuestionnaireValidation {
  const problems: QuestionnaireProblem[] = [];
  const push = (problem: QuestionnaireProblem): void => {
    problems.push(problem);
  };
  if (!isRecord(document) || document['resourceType'] !== 'Questionnaire') {
    push({path: '', rule: 'notQuestionnaire', severity: 'error', message: M.notQuestionnaire});
    return {valid: false, problems};
  }
  const report = (
    walked: WalkedItem,
    rule: QuestionnaireProblem['rule'],
    message: string,
    suffix = '',
    severity: QuestionnaireProblem['severity'] = 'error',
  ): void => push({path: walked.path + suffix, linkId: walked.item.linkId, rule, severity, message});

  const walk = walkItems(document);
  for (const path of walk.malformed) push({path, rule: 'itemShape', severity: 'error', message: M.itemShape});
  if (walk.tooMany) push({path: 'item', rule: 'tooManyItems', severity: 'error', message: M.tooManyItems});
  for (const walked of walk.tooDeep) report(walked, 'tooDeep', M.tooDeep);

  const byLinkId = new Map<string, WalkedItem>();
  const options = new Map<string, ChoiceOption[]>();
  for (const walked of walk.items) {
    const linkId = walked.item.linkId ?? '';
    if (byLinkId.has(linkId)) report(walked, 'duplicateLinkId', M.duplicateLinkId(linkId), '.linkId');
    else byLinkId.set(linkId, walked);
    const found = checkItem(walked, document['contained'], report);
    if (found.length > 0 && !options.has(linkId)) options.set(linkId, found);
  }
  checkConditions(walk.items, byLinkId, (linkId) => options.get(linkId) ?? [], report);
  return {valid: problems.every((problem) => problem.severity !== 'error'), problems};
}

type Report = (
  walked: WalkedItem,
  rule: QuestionnaireProblem['rule'],
  message: string,
  suffix?: string,
  severity?: QuestionnaireProblem['severity'],
) => void;

/** One item's own rules; returns its options (for the conditions that name it). */
function checkItem(walked: WalkedItem, contained: unknown, report: Report): ChoiceOption[] {
  const {item} = walked;
  const type = item.type ?? '';
  // What the widget cannot show: an error when the item is required, else a note.
  const notShown = (reason: string, rule: 'notShownType' | 'notShownValueSet', note: string, suffix: string): void => {
    if (item.required === true) report(walked, 'requiredNotShown', M.requiredNotShown(reason), suffix);
    else report(walked, rule, note, suffix, 'note');
  };
  if (!isSupportedItemType(type)) {
    notShown(`type "${type}"`, 'notShownType', M.notShownType(type), '.type');
    return [];
  }
  const children = Array.isArray(item.item) ? item.item : [];
  if (type === 'group' && children.length === 0) report(walked, 'emptyGroup', M.emptyGroup);
  const unshown = Object.keys(item).filter((key) => !SHOWN_ITEM_ELEMENTS.includes(key));
  if (unshown.length > 0) report(walked, 'notShownElements', M.notShownElements(unshown), '', 'note');
  if (item.repeats === true && !isChoice(item)) {
    report(walked, 'notShownRepeats', M.notShownRepeats(type), '.repeats', 'note');
  }
  if (!isChoice(item)) return [];
  const result = choiceOptions(contained, item);
  switch (result.kind) {
    case 'options':
      return result.options;
    case 'none':
      // Required, the patient could never finish; optional, it is only left out (the FHIR specification's own
      // cancer registry example has such a question).
      if (type === 'choice' && item.required === true) report(walked, 'choiceWithoutOptions', M.choiceWithoutOptions);
      else if (type === 'choice') report(walked, 'notShownNoOptions', M.notShownNoOptions, '', 'note');
      return [];
    case 'missingValueSet':
      report(walked, 'valueSetNotFound', M.valueSetNotFound(result.reference), '.answerValueSet');
      return [];
    case 'externalValueSet':
      // An open-choice still takes its 'Other' text; a choice has nothing to pick from.
      if (type === 'choice') {
        const reason = `options from "${result.reference}"`;
        notShown(reason, 'notShownValueSet', M.notShownValueSet(result.reference), '.answerValueSet');
      } else report(walked, 'notShownValueSet', M.notShownValueSet(result.reference), '.answerValueSet', 'note');
      return [];
  }
}
