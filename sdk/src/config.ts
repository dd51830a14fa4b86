import {DEFAULT_YES_NO_OPTIONS, QUESTION_TYPES} from '@intakekit/contract/flows';
import {DEFAULT_ENV, ENVIRONMENTS, apiBaseFor} from './env-table';
import {IntakeKitError, describe} from './errors';
import type {Environment, IntakeKitConfig, Question, QuestionOption, QuestionType, Theme} from './types';

export {QUESTION_TYPES};
const THEMES: readonly Theme[] = ['auto', 'light', 'dark'];

/** A checked config: everything the widget needs, nothing optional left to guess. */
export interface ResolvedConfig {
  container: string | Element;
  apiKey: string;
  flowId: string;
  env: Environment;
  apiBase: string;
  questions: Question[] | null;
  theme: Theme;
  flowVersion?: number;
  /** The team flow's saved draft instead of a published version (sandbox keys). */
  preview?: boolean;
  /** Canonical BCP 47 tag (`es-MX`). */
  locale?: string;
}

const list = (values: readonly string[]): string => values.map((v) => `"${v}"`).join(', ');
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

function fail(message: string): never {
  throw new IntakeKitError('INVALID_CONFIG', message);
}

/** Checks the config given to `init`; throws an IntakeKitError saying what was expected and what was received. */
export function validateConfig(input: unknown): ResolvedConfig {
  if (!isObject(input))
    fail(`init() expects a config object like { container, apiKey, flowId }, received ${describe(input)}.`);
  const cfg = input as Record<string, unknown> & Partial<IntakeKitConfig>;

  const container = cfg.container;
  const isElement = typeof container === 'object' && container !== null && (container as Node).nodeType === 1;
  if (!isText(container) && !isElement) {
    fail(`\`container\` must be a CSS selector or a DOM element, received ${describe(container)}.`);
  }

  const apiKey = cfg.apiKey ?? cfg.key;
  if (!isText(apiKey)) {
    fail(`\`apiKey\` must be a non-empty string (your API key from the API Keys page), received ${describe(apiKey)}.`);
  }

  if (!isText(cfg.flowId)) fail(`\`flowId\` must be a non-empty string, received ${describe(cfg.flowId)}.`);

  const env = cfg.env ?? DEFAULT_ENV;
  if (!ENVIRONMENTS.includes(env)) fail(`\`env\` must be one of ${list(ENVIRONMENTS)}, received ${describe(env)}.`);

  const base = cfg.apiBase;
  if (base !== undefined && !(typeof base === 'string' && /^(https?:\/\/[^\s/]+|\/)/.test(base))) {
    fail(`\`apiBase\` must be an http(s) URL or a path starting with "/", received ${describe(base)}.`);
  }

  for (const name of ['onReady', 'onComplete', 'onError']) {
    const fn = cfg[name];
    if (fn !== undefined && typeof fn !== 'function') fail(`\`${name}\` must be a function, received ${describe(fn)}.`);
  }

  const theme = cfg.theme ?? 'auto';
  if (!THEMES.includes(theme)) fail(`\`theme\` must be one of ${list(THEMES)}, received ${describe(theme)}.`);

  const {flowVersion, preview} = cfg;
  if (preview !== undefined && typeof preview !== 'boolean')
    fail(`\`preview\` must be true or false, received ${describe(preview)}.`);
  if (flowVersion !== undefined && !(Number.isSafeInteger(flowVersion) && flowVersion >= 1)) {
    fail(
      `\`flowVersion\` must be a published version number of your flow (1, 2, 3...), received ${describe(flowVersion)}.`,
    );
  }

  return {
    container: container as string | Element,
    apiKey: apiKey.trim(),
    flowId: cfg.flowId.trim(),
    env,
    apiBase: apiBaseFor(env, base),
    questions: cfg.questions === undefined ? null : validateQuestions(cfg.questions, 'questions'),
    theme,
    ...(flowVersion !== undefined && {flowVersion}),
    ...(preview && {preview}),
    ...(cfg.locale !== undefined && {locale: validateLocale(cfg.locale)}),
  };
}

/** A BCP 47 language tag, in its canonical case (es-mx: es-MX). */
function validateLocale(locale: unknown): string {
  try {
    if (typeof locale === 'string') return Intl.getCanonicalLocales(locale)[0] as string;
  } catch {
    // not a language tag: refused below
  }
  return fail(`\`locale\` must be a BCP 47 language tag such as "es" or "es-MX", received ${describe(locale)}.`);
}

function validateOptions(raw: unknown, where: string): QuestionOption[] {
  if (!Array.isArray(raw) || raw.length < 2) {
    fail(
      `${where}.options must be an array of at least 2 { label, value } objects, received ${describe(raw)}${Array.isArray(raw) ? ` of ${raw.length}` : ''}.`,
    );
  }
  const seen = new Set<unknown>();
  return raw.map((option: unknown, i) => {
    const at = `${where}.options[${i}]`;
    if (!isObject(option)) fail(`${at} must be an object { label, value }, received ${describe(option)}.`);
    if (!isText(option.label)) fail(`${at}.label must be a non-empty string, received ${describe(option.label)}.`);
    const value = option.value;
    if (!['string', 'number', 'boolean'].includes(typeof value)) {
      fail(`${at}.value must be a string, number or boolean, received ${describe(value)}.`);
    }
    if (seen.has(value)) fail(`${at}.value must be unique within the question, received ${describe(value)} twice.`);
    seen.add(value);
    return {label: option.label, value: value as QuestionOption['value']};
  });
}

/** Checks a questions list (from the config or from the API); `where` names it in messages. */
export function validateQuestions(raw: unknown, where: string): Question[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    fail(
      `\`${where}\` must be a non-empty array of questions, received ${Array.isArray(raw) ? 'an empty array' : describe(raw)}.`,
    );
  }
  const ids = new Set<string>();
  return raw.map((q: unknown, i): Question => {
    const at = `${where}[${i}]`;
    if (!isObject(q)) fail(`${at} must be an object { question, type, options }, received ${describe(q)}.`);
    if (!isText(q.question)) fail(`${at}.question must be a non-empty string, received ${describe(q.question)}.`);
    const type = q.type as QuestionType;
    if (!QUESTION_TYPES.includes(type))
      fail(`${at}.type must be one of ${list(QUESTION_TYPES)}, received ${describe(q.type)}.`);
    const id = q.id ?? `q${i + 1}`;
    if (!isText(id)) fail(`${at}.id must be a non-empty string when given, received ${describe(q.id)}.`);
    if (ids.has(id)) fail(`${at}.id must be unique, received ${describe(id)} twice.`);
    ids.add(id);
    if (q.required !== undefined && typeof q.required !== 'boolean') {
      fail(`${at}.required must be true or false, received ${describe(q.required)}.`);
    }
    let options: QuestionOption[] = [];
    if (type === 'singleChoice' || type === 'multiChoice') options = validateOptions(q.options, at);
    else if (type === 'yesNo')
      options = q.options === undefined ? [...DEFAULT_YES_NO_OPTIONS] : validateOptions(q.options, at);
    return {id, question: q.question, type, options, required: q.required !== false};
  });
}
