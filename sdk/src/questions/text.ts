import {field} from './field';
import {textLimit, type QuestionRenderer} from './question-control';

/** text: one line of free text; Enter moves on like Next. */
export const text: QuestionRenderer = (_q, ctx) =>
  field(ctx, {type: 'text', maxlength: textLimit(ctx), autocomplete: 'off'});

/** Several lines of free text (a FHIR `text` item). */
export const longText: QuestionRenderer = (_q, ctx) =>
  field(ctx, {rows: 4, maxlength: textLimit(ctx)}, undefined, 'textarea');
