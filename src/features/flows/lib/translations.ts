/**
 * Writing translations the way the contract reads them (translations.ts): FHIR's translation extension on `_text`
 * of an item, `_title` of the document, `_display` of an option's Coding and `_valueString` of a text option. Other
 * extensions on the same element are kept.
 */
import {
  TRANSLATION_EXTENSION_URL,
  readTranslations,
  type Questionnaire,
  type QuestionnaireItem,
} from '@intakekit/contract/questionnaire/index';
import {isRecord} from '@intakekit/contract/questionnaire/json';

type Element = {extension?: Extension[]; [key: string]: unknown};
type Extension = {url: string; extension?: Array<{url: string; valueCode?: string; valueString?: string}>};

const langOf = (extension: Extension): string | undefined =>
  extension.extension?.find((part) => part.url === 'lang')?.valueCode?.toLowerCase();

/**
 * The element (`_text`, `_display`) with the translation into `lang` set to `content`, or removed when `content` is
 * empty; undefined when nothing is left in it.
 */
export function withTranslation(element: unknown, lang: string, content: string): Element | undefined {
  const tag = lang.toLowerCase();
  const base: Element = isRecord(element) ? {...element} : {};
  const others = (Array.isArray(base.extension) ? base.extension : []).filter(
    (extension) => extension.url !== TRANSLATION_EXTENSION_URL || langOf(extension) !== tag,
  );
  const mine: Extension[] =
    content === ''
      ? []
      : [
          {
            url: TRANSLATION_EXTENSION_URL,
            extension: [
              {url: 'lang', valueCode: tag},
              {url: 'content', valueString: content},
            ],
          },
        ];
  const extension = [...others, ...mine];
  const {extension: _old, ...rest} = base;
  const result: Element = extension.length > 0 ? {...rest, extension} : rest;
  return Object.keys(result).length > 0 ? result : undefined;
}

/** `object` with `key` set to `value`, or without `key` when the value is undefined. */
function withKey<T extends object>(object: T, key: string, value: unknown): T {
  const copy: Record<string, unknown> = {...(object as Record<string, unknown>)};
  if (value === undefined) delete copy[key];
  else copy[key] = value;
  return copy as T;
}

export function setItemTranslation(item: QuestionnaireItem, lang: string, content: string): QuestionnaireItem {
  const fields: Record<string, unknown> = {...item};
  return withKey(item, '_text', withTranslation(fields['_text'], lang, content));
}

export function setTitleTranslation(document: Questionnaire, lang: string, content: string): Questionnaire {
  const fields: Record<string, unknown> = {...document};
  return withKey(document, '_title', withTranslation(fields['_title'], lang, content));
}

/** An answerOption's label translated: `valueCoding._display`, or `_valueString` beside a text option. */
export function setOptionTranslation(
  item: QuestionnaireItem,
  index: number,
  lang: string,
  content: string,
): QuestionnaireItem {
  const answerOption = (item.answerOption ?? []).map((option, at) => {
    if (at !== index) return option;
    if (option.valueCoding) {
      const coding: Record<string, unknown> = {...option.valueCoding};
      return {...option, valueCoding: withKey(coding, '_display', withTranslation(coding['_display'], lang, content))};
    }
    const fields: Record<string, unknown> = {...option};
    return withKey(option, '_valueString', withTranslation(fields['_valueString'], lang, content));
  });
  return {...item, answerOption};
}

/** The languages any text of the document is translated into, sorted. */
export function documentLanguages(document: Questionnaire): string[] {
  const found = new Set<string>();
  const add = (element: unknown) => Object.keys(readTranslations(element)).forEach((lang) => found.add(lang));
  const fields: Record<string, unknown> = {...document};
  add(fields['_title']);
  const visit = (items: readonly QuestionnaireItem[] | undefined): void => {
    for (const item of items ?? []) {
      const itemFields: Record<string, unknown> = {...item};
      add(itemFields['_text']);
      for (const option of item.answerOption ?? []) {
        const optionFields: Record<string, unknown> = {...option};
        add(optionFields['_valueString']);
        if (option.valueCoding) add((option.valueCoding as Record<string, unknown>)['_display']);
      }
      visit(item.item);
    }
  };
  visit(document.item);
  return [...found].sort();
}
