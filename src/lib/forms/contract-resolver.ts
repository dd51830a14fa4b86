import {toNestErrors} from '@hookform/resolvers';
import type {FieldError, FieldErrors, FieldValues, Path, Resolver} from 'react-hook-form';
import type {TObject} from 'typebox';
import {schemaFailures, type SchemaFailures} from './schema-failures';

/**
 * One rule of a form, with the message people see when it fails. A form lists its rules in the order their
 * messages take precedence: the first failing rule of a field is that field's error, and the first failing rule of
 * the list is the form's message.
 */
export type FormCheck<Values extends FieldValues> =
  /** A keyword of the contract's schema ('minLength', 'pattern'...) that failed on the body property `at`. */
  | {field: Path<Values>; failed: string; at?: string; message: string}
  /** A rule of the contract the schema does not hold (the password policy, the name rule, a confirmation). */
  | {field: Path<Values>; rule: (values: Values) => string | null};

export interface ContractRules<Values extends FieldValues, Body> {
  /** The contract's schema of the request body; the API validates the same body with it. */
  schema?: TObject;
  /** The body sent for what was typed (normalised, trimmed); the schema checks this, not the raw text. */
  toBody: (values: Values) => Body;
  checks: readonly FormCheck<Values>[];
  /** What the checks read that is fetched on demand (the common-password list): awaited before they run. */
  load?: () => Promise<unknown>;
}

type Flat = Record<string, FieldError>;

/**
 * The form's errors: each field's first failing check. A schema failure no check names (a length the input's
 * maxLength already prevents, a property the page adds when it sends) does not block the form: the API still
 * refuses it, and the refusal is shown.
 */
export function checkForm<Values extends FieldValues>(
  checks: readonly FormCheck<Values>[],
  values: Values,
  failures: SchemaFailures,
): Flat {
  const errors: Flat = {};
  for (const check of checks) {
    if (errors[check.field]) continue;
    if ('failed' in check) {
      if (failures[check.at ?? check.field]?.has(check.failed)) {
        errors[check.field] = {type: check.failed, message: check.message};
      }
    } else {
      const message = check.rule(values);
      if (message) errors[check.field] = {type: 'rule', message};
    }
  }
  return errors;
}

/** A react-hook-form resolver: the body checked with the contract's schema, then the form's own rules. */
export function contractResolver<Values extends FieldValues, Body>(
  rules: ContractRules<Values, Body>,
): Resolver<Values> {
  return async (values, _context, options) => {
    await rules.load?.();
    const failures = rules.schema ? schemaFailures(rules.schema, rules.toBody(values)) : {};
    const errors = checkForm(rules.checks, values, failures);
    if (Object.keys(errors).length === 0) return {values, errors: {}};
    return {values: {}, errors: toNestErrors(errors, options)};
  };
}

/** The form's message: the first check, in the list's order, whose field shows that check's failure. */
export function firstMessage<Values extends FieldValues>(
  checks: readonly FormCheck<Values>[],
  errors: FieldErrors<Values>,
): string | null {
  const at = (field: string) => (errors as Record<string, FieldError | undefined>)[field];
  for (const check of checks) {
    const error = at(check.field);
    if (!error?.message) continue;
    if ('failed' in check ? error.type === check.failed && error.message === check.message : error.type === 'rule') {
      return error.message;
    }
  }
  // A refusal of the API that belongs to a field.
  for (const field of new Set(checks.map((check) => check.field))) {
    const message = at(field)?.message;
    if (message) return message;
  }
  return null;
}

/** The message a form with these rules shows for `values` (its first failing check), or null when it may be sent. */
export async function rulesMessage<Values extends FieldValues, Body>(
  rules: ContractRules<Values, Body>,
  values: Values,
): Promise<string | null> {
  const {errors} = await contractResolver(rules)(values, undefined, {fields: {}, shouldUseNativeValidation: false});
  return firstMessage(rules.checks, errors);
}
