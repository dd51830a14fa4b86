/**
 * Flows as FHIR R4 Questionnaire: the subset the widget shows, the validator the API and the editor share, the
 * enableWhen evaluation the widget and the server share, and translations.
 *
 * How the widget maps a document:
 * - Each top-level `group` is one step; top-level items outside a group are gathered, in order, into steps of
 *   their own between the groups. A group inside a step is a fieldset; items under a question follow it in its step.
 * - `display` is text; `boolean` is Yes / No; `choice` one option (several with `repeats: true`); `open-choice`
 *   adds an 'Other' text answer; `string`, `text`, numbers, `date`, `time` and `dateTime` are inputs; `initial` is
 *   the starting answer; `maxLength` the input's maxlength.
 * - `enableWhen` is evaluated as the patient answers (enable-when.ts); a hidden question's answer is dropped from
 *   the submission by the same function on the server.
 *
 * Kept but not shown (a note, never a refusal): other item types (attachment, reference, quantity, url, ...),
 * any other element of an item (code, prefix, extension, readOnly, definition, ...), `repeats` outside a choice,
 * options from a ValueSet outside the document. A required item the widget cannot show is an error, since the
 * patient could never finish the flow. The document's other elements (url, version, contained, ...) are kept as
 * they are.
 */
export * from './answer-types.js';
export * from './built-in.js';
export * from './check-answers.js';
export * from './enable-when.js';
export * from './export.js';
export * from './limits.js';
export * from './messages.js';
export * from './options.js';
export * from './translations.js';
export * from './types.js';
export * from './validate.js';
export * from './widget-view.js';
