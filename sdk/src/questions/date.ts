import {field} from './field';
import type {QuestionRenderer} from './question-control';

/**
 * A half-typed value reads as '' with validity.badInput: refused, as is a value that does not match or is no real
 * date (`probe` is what Date.parse reads, for a time the value on a fixed day).
 */
const invalid = (el: HTMLInputElement, value: string, pattern: RegExp, probe = value): boolean =>
  !!el.validity?.badInput || (value !== '' && (!pattern.test(value) || Number.isNaN(Date.parse(probe))));

/** date: the native date input; the answer is `YYYY-MM-DD`. */
export const date: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'date'}, (v, el) => (invalid(el, v, /^\d{4}-\d{2}-\d{2}$/) ? 'Please enter a valid date.' : null));

/** time: the native time input; the answer is `HH:MM` or `HH:MM:SS`. */
export const time: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'time'}, (v, el) =>
    invalid(el, v, /^\d{2}:\d{2}(:\d{2})?$/, `2000-01-01T${v}`) ? 'Please enter a valid time.' : null,
  );

/** dateTime: the native local date and time input; the answer is `YYYY-MM-DDTHH:MM` in the patient's time. */
export const dateTime: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'datetime-local'}, (v, el) =>
    invalid(el, v, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/) ? 'Please enter a valid date and time.' : null,
  );
