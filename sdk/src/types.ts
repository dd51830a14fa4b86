/** Public types of the IntakeKit SDK. */
import type {Answers} from '@intakekit/contract/answers';
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
export type {AnswerValue, Answers} from '@intakekit/contract/answers';

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
  /** The id of a built-in flow, such as `new-patient` (the SDK guide's Flows page lists them). */
  flowId: string;
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
