/**
 * The options of a choice or open-choice item: its answerOption (valueCoding, valueString, valueInteger), or the
 * concepts of the ValueSet its answerValueSet names in `contained` (expansion.contains, else
 * compose.include[].concept), named by `#id` or by its canonical URL. A ValueSet outside the document cannot be read
 * offline: its item is not shown.
 */
import type {Coding, QuestionnaireItem, QuestionnaireResponseItemAnswer} from '@medplum/fhirtypes';
import {isRecord, listOf} from './json.js';
import {localizedText, type LocalizedText} from './translations.js';

export interface ChoiceOption {
  /** The answer as the QuestionnaireResponse holds it (valueCoding, valueString or valueInteger). */
  answer: QuestionnaireResponseItemAnswer;
  label: LocalizedText;
  /** Where the option is: `answerOption[1]`, or `contained[0]` for a ValueSet's concepts. */
  path: string;
}

export type OptionsResult =
  | {kind: 'options'; options: ChoiceOption[]}
  | {kind: 'none'}
  | {kind: 'missingValueSet'; reference: string}
  | {kind: 'externalValueSet'; reference: string};

function codingOption(coding: Record<string, unknown>, path: string): ChoiceOption | null {
  const code = coding['code'];
  if (typeof code !== 'string') return null;
  const display = typeof coding['display'] === 'string' ? coding['display'] : code;
  const value: Coding = {code};
  if (typeof coding['system'] === 'string') value.system = coding['system'];
  if (typeof coding['display'] === 'string') value.display = coding['display'];
  return {answer: {valueCoding: value}, label: localizedText(display, coding['_display']), path};
}

function answerOptions(item: QuestionnaireItem): ChoiceOption[] {
  const options: ChoiceOption[] = [];
  listOf(item.answerOption).forEach((option, index) => {
    if (!isRecord(option)) return;
    const path = `answerOption[${index}]`;
    if (isRecord(option['valueCoding'])) {
      const coding = codingOption(option['valueCoding'], path);
      if (coding) options.push(coding);
    } else if (typeof option['valueString'] === 'string') {
      const text = option['valueString'];
      options.push({answer: {valueString: text}, label: localizedText(text, option['_valueString']), path});
    } else if (typeof option['valueInteger'] === 'number' && Number.isInteger(option['valueInteger'])) {
      const value = option['valueInteger'];
      options.push({answer: {valueInteger: value}, label: localizedText(String(value), undefined), path});
    }
  });
  return options;
}

function valueSetOptions(valueSet: Record<string, unknown>, path: string): ChoiceOption[] {
  const options: ChoiceOption[] = [];
  const expansion = valueSet['expansion'];
  const contains = isRecord(expansion) ? listOf(expansion['contains']) : [];
  for (const entry of contains) {
    const option = isRecord(entry) ? codingOption(entry, path) : null;
    if (option) options.push(option);
  }
  if (options.length > 0) return options;
  const compose = valueSet['compose'];
  for (const include of isRecord(compose) ? listOf(compose['include']) : []) {
    if (!isRecord(include)) continue;
    for (const concept of listOf(include['concept'])) {
      const coding = isRecord(concept) ? {...concept, system: include['system']} : null;
      const option = coding ? codingOption(coding, path) : null;
      if (option) options.push(option);
    }
  }
  return options;
}

/** The options an item offers, or why it has none. */
export function choiceOptions(contained: unknown, item: QuestionnaireItem): OptionsResult {
  const own = answerOptions(item);
  if (own.length > 0) return {kind: 'options', options: own};
  const reference = item.answerValueSet;
  if (typeof reference !== 'string' || reference === '') return {kind: 'none'};
  // By `#id`, or by the canonical URL a contained ValueSet declares (with or without its `|version`).
  const [url] = reference.split('|');
  const index = listOf(contained).findIndex(
    (resource) =>
      isRecord(resource) &&
      resource['resourceType'] === 'ValueSet' &&
      (reference.startsWith('#') ? resource['id'] === reference.slice(1) : resource['url'] === url),
  );
  const valueSet = listOf(contained)[index];
  const options = isRecord(valueSet) ? valueSetOptions(valueSet, `contained[${index}]`) : [];
  if (options.length > 0) return {kind: 'options', options};
  return reference.startsWith('#') ? {kind: 'missingValueSet', reference} : {kind: 'externalValueSet', reference};
}
