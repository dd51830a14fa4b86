import type {Answers} from './types';
import type {StepView} from './views/step-view';

/**
 * A flow as steps: the built-in flows' questions one per step (question-steps.ts), or a team flow's Questionnaire
 * (questionnaire/). The widget shows the current step, moves on Back and Next, and sends `result()` at the end.
 */
export interface StepWalk {
  /** The questions the flow asks (the ready event's questionCount). */
  questionCount: number;
  /** The current step; `id` is a page-unique prefix for its ids. */
  step(id: string, onBack: () => void, onNext: () => void): StepView;
  /** Keeps the step's answers; going forward, checks them and shows what is wrong (false: stay). */
  keep(forward: boolean): boolean;
  /** Moves one step: false before the first, 'end' after the last. */
  move(delta: 1 | -1): boolean | 'end';
  /** The answers to send and the summary's rows (question, answer in words). */
  result(): {answers: Answers; rows: Array<[string, string]>};
}
