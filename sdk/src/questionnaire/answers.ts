/**
 * A team flow's question as one of the widget's controls, and its answer both ways: the control's value from the
 * FHIR answers kept for it (or its `initial`), the FHIR answers from what the patient entered.
 */
import type {QuestionnaireAnswerBody} from '@intakekit/contract/schemas/sdk';
import {DEFAULT_YES_NO_OPTIONS} from '@intakekit/contract/flows';
import type {Agrees, Same} from '@intakekit/contract/schemas/common';
import {choiceOptions} from '@intakekit/contract/questionnaire/options';
import {textFor} from '@intakekit/contract/questionnaire/translations';
import {isChoiceType, type QuestionnaireItem} from '@intakekit/contract/questionnaire/types';
import {choiceList, OTHER} from '../questions/choice-list';
import {date, dateTime, time} from '../questions/date';
import {decimal, integer} from '../questions/number';
import type {ControlContext, QuestionControl, QuestionRenderer} from '../questions/question-control';
import {longText, text} from '../questions/text';
import {yesNo} from '../questions/yes-no';
import {REQUIRED_MESSAGE} from '../questions';
import type {AnswerValue, OptionValue, QuestionType, QuestionnaireAnswer} from '../types';

// The package's own words for an answer agree with the contract's schema.
export type QuestionnaireAnswerAgrees = Agrees<Same<QuestionnaireAnswer, QuestionnaireAnswerBody>>;

/** A question of the flow with its options (a choice's, in the locale) and how its answers are kept. */
export interface Asked {
  item: QuestionnaireItem;
  linkId: string;
  text: string;
  /** A choice's options: the answer each gives and its label. */
  options: Array<{answer: QuestionnaireAnswer; label: string}>;
}

const isChoice = (item: QuestionnaireItem): boolean => isChoiceType(item.type);

export function asked(item: QuestionnaireItem, contained: unknown, locale: string | undefined, text: string): Asked {
  const found = isChoice(item) ? choiceOptions(contained, item) : null;
  const options =
    found?.kind === 'options'
      ? found.options.map((o) => ({answer: o.answer as QuestionnaireAnswer, label: textFor(o.label, locale)}))
      : [];
  return {item, linkId: item.linkId ?? '', text, options};
}

/** The value[x] an answer of this item type holds. */
const VALUE_KEY: Record<string, string> = {
  boolean: 'valueBoolean',
  decimal: 'valueDecimal',
  integer: 'valueInteger',
  date: 'valueDate',
  dateTime: 'valueDateTime',
  time: 'valueTime',
  string: 'valueString',
  text: 'valueString',
};

const RENDERERS: Record<string, QuestionRenderer> = {
  boolean: yesNo,
  string: text,
  text: longText,
  integer,
  decimal,
  date,
  time,
  dateTime,
};

/** The message a required question left blank shows, by the control it is asked with. */
const REQUIRED_AS: Record<string, QuestionType> = {boolean: 'yesNo', date: 'date', dateTime: 'date'};

export function requiredMessage({item}: Asked): string {
  if (isChoice(item)) return REQUIRED_MESSAGE[item.repeats ? 'multiChoice' : 'singleChoice'];
  return REQUIRED_MESSAGE[REQUIRED_AS[item.type ?? ''] ?? 'text'];
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** A FHIR dateTime (an instant) as the local `YYYY-MM-DDTHH:MM` a datetime-local input shows. */
function localDateTime(value: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const seconds = d.getSeconds() ? `:${pad(d.getSeconds())}` : '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}${seconds}`;
}

const sameAnswer = (a: QuestionnaireAnswer, b: QuestionnaireAnswer): boolean => {
  const [x, y] = [a as Record<string, unknown>, b as Record<string, unknown>];
  if ('valueCoding' in a && 'valueCoding' in b)
    return a.valueCoding.code === b.valueCoding.code && (a.valueCoding.system ?? '') === (b.valueCoding.system ?? '');
  return Object.keys(x)[0] === Object.keys(y)[0] && Object.values(x)[0] === Object.values(y)[0];
};

/** The starting answers: `initial`, or the options marked initialSelected. */
export function initialAnswers(q: Asked): QuestionnaireAnswer[] {
  const {initial, answerOption} = q.item;
  if (initial) return initial.map((answer) => ({...answer}) as QuestionnaireAnswer);
  return (answerOption ?? []).flatMap(({initialSelected, ...value}) =>
    initialSelected
      ? q.options.filter((o) => sameAnswer(o.answer, value as QuestionnaireAnswer)).map((o) => o.answer)
      : [],
  );
}

/** The control's value for kept answers: option positions for a choice, else the value as its input takes it. */
function controlValue(q: Asked, answers: readonly QuestionnaireAnswer[]): {value: AnswerValue; other: string} {
  const {item, options} = q;
  let other = '';
  if (isChoice(item)) {
    const picked: OptionValue[] = [];
    for (const answer of answers) {
      const index = options.findIndex((o) => sameAnswer(o.answer, answer));
      if (index >= 0) picked.push(index);
      else if ('valueString' in answer && item.type === 'open-choice') {
        picked.push(OTHER);
        other = answer.valueString;
      }
    }
    return {value: item.repeats ? picked : (picked[0] ?? null), other};
  }
  const first = answers[0] as Record<string, unknown> | undefined;
  const raw = first?.[VALUE_KEY[item.type ?? ''] ?? ''];
  if (raw === undefined) return {value: null, other};
  if (item.type === 'boolean') return {value: raw ? 'yes' : 'no', other};
  return {value: item.type === 'dateTime' ? localDateTime(String(raw)) : String(raw), other};
}

/** The control the question is asked with, showing the answers kept for it. */
export function controlFor(q: Asked, ctx: ControlContext, answers: readonly QuestionnaireAnswer[]): QuestionControl {
  const {item} = q;
  const {value, other} = controlValue(q, answers);
  const context = {...ctx, value, maxLength: item.maxLength};
  const question = {
    id: q.linkId,
    question: q.text,
    type: 'singleChoice' as const,
    required: item.required === true,
    options: isChoice(item) ? q.options.map((o, i) => ({label: o.label, value: i})) : [...DEFAULT_YES_NO_OPTIONS],
  };
  if (!isChoice(item)) return (RENDERERS[item.type ?? ''] ?? text)(question, context);
  const open = item.type === 'open-choice' ? other : undefined;
  return choiceList(question, context, item.repeats ? 'checkbox' : 'radio', '', open);
}

/** The FHIR answers of what the control holds (`[]` when blank). */
export function answersOf(q: Asked, control: QuestionControl): QuestionnaireAnswer[] {
  const {item} = q;
  const read = control.read();
  const values = read === null || read === '' ? [] : Array.isArray(read) ? read : [read];
  if (item.type === 'boolean') return values.map((v) => ({valueBoolean: v === 'yes'}));
  if (isChoice(item)) {
    const other = control.other?.value.trim() ?? '';
    return values.flatMap((v): QuestionnaireAnswer[] =>
      v === OTHER
        ? other
          ? [{valueString: other}]
          : []
        : [q.options[v as number]?.answer].filter((a) => a !== undefined),
    );
  }
  return values.map((v) => {
    const s = String(v);
    if (item.type === 'integer' || item.type === 'decimal') return {[VALUE_KEY[item.type] as string]: Number(s)};
    if (item.type === 'time') return {valueTime: s.length === 5 ? `${s}:00` : s};
    if (item.type === 'dateTime') return {valueDateTime: new Date(s).toISOString().replace(/\.\d+Z$/, 'Z')};
    return {[VALUE_KEY[item.type ?? ''] ?? 'valueString']: s};
  }) as QuestionnaireAnswer[];
}

/** The summary's words for the answers: option labels, Yes or No, or the value as entered. */
export function answerText(q: Asked, answers: readonly QuestionnaireAnswer[]): string {
  if (answers.length === 0) return 'Not answered';
  return answers
    .map((answer) => {
      const option = q.options.find((o) => sameAnswer(o.answer, answer));
      if (option) return option.label;
      const [value] = Object.values(answer) as unknown[];
      if (q.item.type === 'boolean') return DEFAULT_YES_NO_OPTIONS[value ? 0 : 1]?.label;
      return q.item.type === 'dateTime' ? localDateTime(String(value)).replace('T', ' ') : String(value);
    })
    .join(', ');
}
