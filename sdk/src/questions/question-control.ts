import {ANSWER_TEXT_MAX_LENGTH} from '@intakekit/contract/constants';
import type {AnswerValue, Question} from '../types';

export type Field = HTMLInputElement | HTMLTextAreaElement;

/** What every per-type renderer returns. */
export interface QuestionControl {
  /** The inputs, placed in the question's fieldset under its legend. */
  element: HTMLElement;
  /** Inputs that take aria-invalid / aria-describedby when the answer is missing. */
  inputs: Field[];
  /** The current answer (null, '' or [] when unanswered). */
  read(): AnswerValue;
  /** A message when what was entered is not valid (checked before the required rule), else null. */
  check?(): string | null;
  /** An open choice's 'Other' text field (its option's value is OTHER). */
  other?: HTMLInputElement;
}

export interface ControlContext {
  /** Unique prefix for ids and input names. */
  id: string;
  /** id of the question heading, which names single inputs. */
  labelId: string;
  /** The answer given before (Back / Next keep answers). */
  value: AnswerValue;
  /** A text answer's longest length, when the flow sets one. */
  maxLength?: number;
}

export type QuestionRenderer = (q: Question, ctx: ControlContext) => QuestionControl;

export const isAnswered = (v: AnswerValue): boolean => v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** A text answer's maxlength: the flow's own, never more than the API accepts. */
export const textLimit = (ctx: ControlContext): number =>
  Math.min(ctx.maxLength ?? ANSWER_TEXT_MAX_LENGTH, ANSWER_TEXT_MAX_LENGTH);
