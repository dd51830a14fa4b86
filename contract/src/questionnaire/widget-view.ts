/**
 * The part of a flow's Questionnaire the widget receives (POST /api/sdk/sessions' `questionnaire`): its items with
 * only the elements the widget uses, without the items it cannot show, and with only the ValueSets it reads. The
 * stored document keeps everything; this keeps the session answer small and the widget free of what it ignores.
 * Run on a document that passed validateQuestionnaire (a required item the widget cannot show is an error there).
 */
import type {Questionnaire, QuestionnaireItem} from '@medplum/fhirtypes';
import {choiceOptions} from './options.js';
import {SHOWN_ITEM_ELEMENTS, isChoiceType, isSupportedItemType} from './types.js';
import {isRecord} from './walk.js';

/** The document elements the widget reads besides its items. */
const SHOWN_DOCUMENT_ELEMENTS = ['resourceType', 'id', 'url', 'version', 'title', '_title', 'language'] as const;

const isChoice = (item: QuestionnaireItem): boolean => isChoiceType(item.type);

function shownItem(item: QuestionnaireItem, contained: unknown, valueSets: Set<string>): QuestionnaireItem | null {
  if (!isSupportedItemType(item.type)) return null;
  const kept: Record<string, unknown> = {};
  for (const key of SHOWN_ITEM_ELEMENTS) {
    const value = (item as unknown as Record<string, unknown>)[key];
    if (value !== undefined && key !== 'item') kept[key] = value;
  }
  // Repeats means several choices; on any other item the widget asks once.
  if (!isChoice(item)) delete kept['repeats'];
  if (isChoice(item)) {
    const options = choiceOptions(contained, item);
    // An open-choice with no readable options still takes its 'Other' text; a choice has nothing to pick.
    if (options.kind !== 'options' && item.type === 'choice') return null;
    if (options.kind !== 'options') {
      delete kept['answerValueSet'];
    } else if (!Array.isArray(item.answerOption) || item.answerOption.length === 0) {
      valueSets.add(item.answerValueSet ?? '');
    }
  }
  if (Array.isArray(item.item)) {
    const children = item.item
      .filter((child): child is QuestionnaireItem => isRecord(child))
      .map((child) => shownItem(child, contained, valueSets))
      .filter((child): child is QuestionnaireItem => child !== null);
    if (children.length > 0) kept['item'] = children;
  }
  if (item.type === 'group' && kept['item'] === undefined) return null;
  return kept as unknown as QuestionnaireItem;
}

/** The widget's view of a valid Questionnaire. */
export function widgetQuestionnaire(document: Questionnaire): Questionnaire {
  const view: Record<string, unknown> = {};
  for (const key of SHOWN_DOCUMENT_ELEMENTS) {
    const value = (document as unknown as Record<string, unknown>)[key];
    if (value !== undefined) view[key] = value;
  }
  const valueSets = new Set<string>();
  view['item'] = (document.item ?? [])
    .filter((item): item is QuestionnaireItem => isRecord(item))
    .map((item) => shownItem(item, document.contained, valueSets))
    .filter((item): item is QuestionnaireItem => item !== null);
  // Only the ValueSets an option list comes from, named by `#id` or by canonical URL (as options.ts reads them).
  const contained = (document.contained ?? []).filter((resource) => {
    if (!isRecord(resource) || resource['resourceType'] !== 'ValueSet') return false;
    return [...valueSets].some((reference) =>
      reference.startsWith('#') ? resource['id'] === reference.slice(1) : resource['url'] === reference.split('|')[0],
    );
  });
  if (contained.length > 0) view['contained'] = contained;
  return view as unknown as Questionnaire;
}
