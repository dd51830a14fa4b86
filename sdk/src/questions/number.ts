import {field} from './field';
import type {QuestionRenderer} from './question-control';

/** At most nine digits: always inside FHIR's 32-bit integer. */
const WHOLE = /^[-+]?\d{1,9}$/;

/** integer: a number input with whole steps and the numeric keypad. */
export const integer: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'number', step: 1, inputmode: 'numeric'}, (v, el) =>
    el.validity?.badInput || (v && !WHOLE.test(v)) ? 'Please enter a whole number.' : null,
  );

/** decimal: a number input with any step and the decimal keypad. */
export const decimal: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'number', step: 'any', inputmode: 'decimal'}, (v, el) =>
    el.validity?.badInput || (v && !Number.isFinite(Number(v))) ? 'Please enter a number.' : null,
  );
