/** Public types of the IntakeKit SDK. */
import type {AnswerValue} from '@intakekit/contract/answers';
import type {Environment, QuestionInput} from '@intakekit/contract/flows';

// Questions and environments are the contract's: the API's flows and this SDK share one definition.
export type {
  Environment,
  OptionValue,
  Question,
  QuestionInput,
  QuestionOption,
  QuestionType,
} from '@intakekit/contract/flows';

// Answers are the contract's too: the API checks a submission's answers by the same types and rules.
export type {AnswerValue} from '@intakekit/contract/answers';

/**
 * One answer to a team flow's question, as a FHIR QuestionnaireResponse item holds it: exactly one value[x]
 * (the contract's QuestionnaireAnswerBody, written out so the package's types need nothing else).
 */
export type QuestionnaireAnswer =
  | {valueBoolean: boolean}
  | {valueDecimal: number}
  | {valueInteger: number}
  | {valueDate: string}
  | {valueDateTime: string}
  | {valueTime: string}
  | {valueString: string}
  | {valueCoding: {system?: string; code: string; display?: string}};

/** A team flow's answers: each shown question's FHIR answers keyed by its linkId (`[]` when left blank). */
export type QuestionnaireAnswers = Record<string, QuestionnaireAnswer[]>;

/**
 * What the complete event carries: a built-in flow's answers by question id (the contract's Answers, written as
 * its record so the package declares one type of this name), or a team flow's by linkId.
 */
export type Answers = Record<string, AnswerValue> | QuestionnaireAnswers;

export type Theme = 'auto' | 'light' | 'dark';

export interface ReadyEvent {
  sessionId: string;
  flowId: string;
  env: Environment;
  questionCount: number;
}

/** Fired once the API has stored the answers. */
export interface CompleteEvent {
  sessionId: string;
  flowId: string;
  /** The stored submission's id: the submissions API and the portal's Submissions page name it. */
  submissionId: string;
  answers: Answers;
}

export interface IntakeKitEvents {
  ready: ReadyEvent;
  complete: CompleteEvent;
  error: Error;
}

export type IntakeKitEventName = keyof IntakeKitEvents;
export type Listener<E extends IntakeKitEventName> = (payload: IntakeKitEvents[E]) => void;

/** What `init` accepts. */
export interface IntakeKitConfig {
  /** A CSS selector or the element the widget renders into. */
  container: string | Element;
  /** Your API key (sandbox keys for `env: 'sandbox'`). */
  apiKey?: string;
  /** Older name of `apiKey`, still accepted. */
  key?: string;
  /** The id of one of your team's flows or of a built-in flow, such as `new-patient` (the Flows page lists them). */
  flowId: string;
  /** A published version of your team's flow to show instead of its latest. */
  flowVersion?: number;
  /** With a sandbox key: your team flow's saved draft instead of its published version, as the Flows page previews it. */
  preview?: boolean;
  /** A BCP 47 language tag (`es`, `es-MX`, `ar`): a team flow's texts in that language where it has them. */
  locale?: string;
  /** API environment. Default `sandbox`. */
  env?: Environment;
  /** Overrides the API base of the environment table, e.g. `https://api.example.com`. */
  apiBase?: string;
  /** Questions to ask instead of the flow's own questions. */
  questions?: QuestionInput[];
  /** Colour scheme: follow the system (`auto`, default) or force `light` / `dark`. */
  theme?: Theme;
  onReady?: Listener<'ready'>;
  onComplete?: Listener<'complete'>;
  onError?: Listener<'error'>;
}

/** What `init` returns. */
export interface IntakeKitHandle {
  on<E extends IntakeKitEventName>(event: E, listener: Listener<E>): IntakeKitHandle;
  off<E extends IntakeKitEventName>(event: E, listener: Listener<E>): IntakeKitHandle;
  /** Removes the widget and its listeners and cancels a pending API call. Safe to call twice. */
  destroy(): void;
}

/** The `IntakeKit` global that the script-tag build (intake.js) defines. */
export interface IntakeKitGlobal {
  init(config: IntakeKitConfig): IntakeKitHandle;
  version: string;
}
