/**
 * Texts in several languages through FHIR's translation extension: `_text` (an item) or `_display` (an option's
 * Coding) carry `extension: [{url: TRANSLATION_EXTENSION_URL, extension: [{url: 'lang', valueCode}, {url:
 * 'content', valueString}]}]`. A locale falls back along its subtags to the default text: es-MX, es, default.
 */
import {isRecord, listOf} from './json.js';
import {TRANSLATION_EXTENSION_URL} from './types.js';

/** A text with its translations keyed by language tag in lower case. */
export interface LocalizedText {
  text: string;
  translations: Readonly<Record<string, string>>;
}

/** The translations an element (`_text`, `_display`) holds; others' extensions are ignored. */
export function readTranslations(element: unknown): Record<string, string> {
  const translations: Record<string, string> = {};
  if (!isRecord(element)) return translations;
  for (const extension of listOf(element['extension'])) {
    if (!isRecord(extension) || extension['url'] !== TRANSLATION_EXTENSION_URL) continue;
    let lang: string | undefined;
    let content: string | undefined;
    for (const part of listOf(extension['extension'])) {
      if (!isRecord(part)) continue;
      if (part['url'] === 'lang' && typeof part['valueCode'] === 'string') lang = part['valueCode'];
      if (part['url'] === 'content' && typeof part['valueString'] === 'string') content = part['valueString'];
    }
    if (lang !== undefined && content !== undefined) translations[lang.toLowerCase()] = content;
  }
  return translations;
}

/** A text and the translations of its sibling element (`text` and `_text`). */
export function localizedText(text: unknown, element: unknown): LocalizedText {
  return {text: typeof text === 'string' ? text : '', translations: readTranslations(element)};
}

/** An item's text and its translations (`_text`, which FHIR's JSON keeps beside `text`). */
export function itemText(item: object): LocalizedText {
  const fields: Record<string, unknown> = {...item};
  return localizedText(fields['text'], fields['_text']);
}

/** The locale and its shorter forms, longest first: 'es-MX' gives es-mx, es. */
export function localeChain(locale: string): string[] {
  const parts = locale.toLowerCase().replace(/_/g, '-').split('-').filter(Boolean);
  return parts.map((_, index) => parts.slice(0, parts.length - index).join('-'));
}

/** The text to show in a locale: its own translation, then its language's, then the default text. */
export function textFor(localized: LocalizedText, locale: string | undefined): string {
  if (locale === undefined) return localized.text;
  for (const tag of localeChain(locale)) {
    const translation = localized.translations[tag];
    if (translation !== undefined) return translation;
  }
  return localized.text;
}
