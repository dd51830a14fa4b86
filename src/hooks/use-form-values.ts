import {useCallback, useRef, useState, type ChangeEvent} from 'react';

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * The one way the portal's forms hold what the user typed: one state object instead of a useState per field.
 * `field(name)` wires an input (value + onChange); `set` writes one value (or derives it from the current one);
 * `reset` goes back to the first values (or to new ones). Submitting, errors and focus stay with each form, whose
 * rules differ (a sign-in keeps its button busy while the next page loads, an invite clears on success only).
 */
export function useFormValues<Values extends Record<string, string>>(initial: Values) {
  const first = useRef(initial);
  const [values, setValues] = useState<Values>(initial);

  const set = useCallback(
    <K extends keyof Values>(name: K, value: Values[K] | ((current: Values[K]) => Values[K])) =>
      setValues((current) => ({
        ...current,
        [name]: typeof value === 'function' ? value(current[name]) : value,
      })),
    [],
  );

  const field = <K extends keyof Values>(name: K) => ({
    value: values[name],
    onChange: (event: ChangeEvent<FieldElement>) => set(name, event.target.value as Values[K]),
  });

  const reset = useCallback((next?: Values) => setValues(next ?? first.current), []);

  return {values, set, field, reset};
}
