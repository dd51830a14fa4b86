import {useCallback, useEffect, useId, useMemo, useRef, type BaseSyntheticEvent, type RefObject} from 'react';
import {useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn} from 'react-hook-form';
import {errorCode, getErrorMessage} from '@site/src/lib/errors';
import {contractResolver, firstMessage, type ContractRules} from '@site/src/lib/forms/contract-resolver';

export interface ContractFormOptions<Values extends FieldValues, Body> {
  defaultValues: Values;
  /**
   * The contract's schema of the request body, the body sent for what was typed, and the checks with their messages
   * (src/lib/forms). None for a bare action (a button whose request needs no input).
   */
  rules?: ContractRules<Values, Body>;
  /** Refusal codes of the API that belong to one field: the message is that field's error, not the form's. */
  fieldOf?: Partial<Record<string, Path<Values>>>;
  /** The message for a refusal; the error mapper's by default (a screen with its own fallback passes one). */
  failureMessage?: (caught: unknown) => string;
}

export type ContractForm<Values extends FieldValues, Body> = UseFormReturn<Values> & {
  /**
   * The submit handler: runs `send` with the checked body; while it runs the form is submitting (the button busy).
   * What `send` throws becomes a field's error (`fieldOf`) or the form's (`errors.root.server`, type = the code).
   */
  submit: (send: (body: Body, values: Values) => unknown) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Show a refusal as submit does (for a failure met outside `send`). */
  fail: (caught: unknown) => void;
  /** The message above the form: the API's refusal, else the first failing rule; null when all is well. */
  formError: string | null;
  /** The refusal's code when the form's message is one (the screen may add a way on for it). */
  failureCode: string | undefined;
  /** Spread on FormError: focus moves to it when a refusal is shown; invalid fields point at it. */
  errorProps: {id: string; errorRef: RefObject<HTMLDivElement | null>};
  /** A registered input's props for FormField: aria-invalid and the message inline, or pointing at the form's. */
  field: (
    name: Path<Values>,
    options?: {inline?: boolean},
  ) => ReturnType<UseFormReturn<Values>['register']> & {error?: string | null; errorShownAt?: string};
};

/**
 * The one way the portal's forms work: react-hook-form, checked with the contract's TypeBox schema (the API's own)
 * and the spec's messages, submitting state from react-hook-form, refusals of the API as field or form errors.
 * After a failed submit the checks run again as the user types, so a message goes once it no longer applies; focus
 * goes to the first invalid field (react-hook-form's shouldFocusError), or to the form's message for a refusal.
 */
export function useContractForm<Values extends FieldValues, Body = Values>({
  defaultValues,
  rules = {toBody: (values) => values as unknown as Body, checks: []},
  fieldOf = {},
  failureMessage = getErrorMessage,
}: ContractFormOptions<Values, Body>): ContractForm<Values, Body> {
  // Read when a submit runs, so a form may pass new functions each render.
  const latest = useRef({rules, fieldOf, failureMessage});
  latest.current = {rules, fieldOf, failureMessage};
  const {schema} = rules;
  const resolver = useMemo(
    () =>
      contractResolver<Values, Body>({
        schema,
        toBody: (values) => latest.current.rules.toBody(values),
        get checks() {
          return latest.current.rules.checks;
        },
        load: () => latest.current.rules.load?.() ?? Promise.resolve(),
      }),
    [schema],
  );
  const form = useForm<Values>({defaultValues: defaultValues as DefaultValues<Values>, resolver});
  const {errors} = form.formState;
  const id = useId();
  const errorRef = useRef<HTMLDivElement | null>(null);
  const refusal = errors.root?.server;

  useEffect(() => {
    if (refusal) errorRef.current?.focus();
  }, [refusal]);

  const {setError} = form;
  const fail = useCallback(
    (caught: unknown) => {
      const code = errorCode(caught);
      const message = latest.current.failureMessage(caught);
      const field = code ? latest.current.fieldOf[code] : undefined;
      if (field) setError(field, {type: code, message}, {shouldFocus: true});
      else setError('root.server', {type: code ?? 'failed', message});
    },
    [setError],
  );

  const {handleSubmit} = form;
  const submit = useCallback(
    (send: (body: Body, values: Values) => unknown) =>
      handleSubmit(async (values) => {
        try {
          await send(latest.current.rules.toBody(values), values);
        } catch (caught) {
          fail(caught);
        }
      }),
    [handleSubmit, fail],
  );

  const formError = refusal?.message ?? firstMessage(rules.checks, errors);
  const field: ContractForm<Values, Body>['field'] = (name, options) => {
    const error = (errors as Record<string, {message?: string} | undefined>)[name];
    return {
      ...form.register(name),
      ...(options?.inline ? {error: error?.message ?? null} : {errorShownAt: error ? id : undefined}),
    };
  };

  return {
    ...form,
    submit,
    fail,
    formError: formError ?? null,
    failureCode: refusal ? (refusal.type === 'failed' ? undefined : String(refusal.type)) : undefined,
    errorProps: {id, errorRef},
    field,
  };
}
