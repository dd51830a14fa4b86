/**
 * Questions and flows: what the SDK's `init` accepts, what POST /api/sdk/sessions answers (its schema is built
 * from these lists, see schemas/sdk.ts) and what the API's sample flow is written in.
 */
import type {KeyType} from './api-keys.js';

/** The API environments; sandbox, dev and test take a sandbox key, pro a production key. */
export const ENVIRONMENTS = ['sandbox', 'dev', 'test', 'pro'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** The key type each environment takes: a sandbox key never opens production, a production key never runs a test. */
export const KEY_TYPE_FOR_ENV = {
  sandbox: 'sandbox',
  dev: 'sandbox',
  test: 'sandbox',
  pro: 'production',
} as const satisfies Readonly<Record<Environment, KeyType>>;

/**
 * The built-in flow the guide's examples and the live demo use (flow-catalogue.ts holds them all; kept here so
 * a page that only names it does not download every flow's questions).
 */
export const DEFAULT_FLOW_ID = 'new-patient';

/** Where the SDK guide lists the built-in flows, on the portal. */
export const FLOWS_PAGE_PATH = '/dashboard/flows';

/** Question types the widget can render. */
export const QUESTION_TYPES = ['singleChoice', 'multiChoice', 'text', 'date', 'yesNo'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
/** Each question type in words, for people (the guide's Flows page and its Markdown copy). */
export const QUESTION_TYPE_NAMES: Readonly<Record<QuestionType, string>> = {
  singleChoice: 'One choice',
  multiChoice: 'Several choices',
  text: 'Text',
  date: 'Date',
  yesNo: 'Yes or no',
};

/** A value an option can carry; it is handed back unchanged in the answers. */
export type OptionValue = string | number | boolean;

export interface QuestionOption {
  label: string;
  value: OptionValue;
}

/** The options of a yesNo question given without its own: what the widget shows and the answer rules accept. */
export const DEFAULT_YES_NO_OPTIONS: readonly QuestionOption[] = [
  {label: 'Yes', value: 'yes'},
  {label: 'No', value: 'no'},
];

/** A question as given in the config or returned by the API. */
export interface QuestionInput {
  /** Key of the answer in the `complete` payload. Default: `q1`, `q2`, ... by position. */
  id?: string;
  question: string;
  type: QuestionType;
  /** Needed for singleChoice and multiChoice; optional for yesNo (default Yes / No). */
  options?: QuestionOption[];
  /** Default true. */
  required?: boolean;
}

/** A question of a flow the API serves: id and required always given. */
export interface FlowQuestion extends QuestionInput {
  id: string;
  required: boolean;
}

/** A question after validation: every field filled in. */
export interface Question extends FlowQuestion {
  options: QuestionOption[];
}
