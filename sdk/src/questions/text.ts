import {field} from './field';
import type {QuestionRenderer} from './question-control';

/** text: one line of free text; Enter moves on like Next. */
export const text: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'text', maxlength: ctx.maxLength ?? 2000, autocomplete: 'off'});

/** Several lines of free text (a FHIR `text` item). */
export const longText: QuestionRenderer = (_q, ctx) =>
  field(ctx, {rows: 4, maxlength: ctx.maxLength ?? 2000}, undefined, 'textarea');
