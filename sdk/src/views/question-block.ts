import {h} from '../dom';
import type {QuestionControl} from '../questions';

export interface QuestionBlock {
  element: HTMLFieldSetElement;
  control: QuestionControl;
  /** Shows the message under the question, tied to its inputs; `focus` moves the focus to the first input. */
  showError(message: string, focus: boolean): void;
}

/**
 * One question: a fieldset whose legend holds its title (the step's heading, or the question's text in a group)
 * and 'Optional' when it may be left blank, its inputs, and its error, announced and cleared on the next change.
 */
export function questionBlock(
  id: string,
  title: HTMLElement,
  required: boolean,
  control: QuestionControl,
): QuestionBlock {
  const errorId = `${id}-e`;
  const error = h('p', {class: 'ik-error', id: errorId, role: 'alert', hidden: true});
  const element = h(
    'fieldset',
    {class: 'ik-q'},
    h('legend', {class: 'ik-legend'}, title, required ? null : h('span', {class: 'ik-hint'}, 'Optional')),
    control.element,
    error,
  );
  const fields = (): HTMLElement[] => [...control.inputs, ...(control.other ? [control.other] : [])];
  const clear = (): void => {
    if (error.hidden) return;
    error.hidden = true;
    for (const i of fields()) {
      i.removeAttribute('aria-invalid');
      i.removeAttribute('aria-describedby');
    }
  };
  for (const input of fields()) input.addEventListener('change', clear);
  return {
    element,
    control,
    showError(message, focus) {
      error.textContent = message;
      error.hidden = false;
      for (const input of fields()) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', errorId);
      }
      // A shown 'Other' field is what is missing: its option is chosen.
      if (focus) (control.other && !control.other.hidden ? control.other : control.inputs[0])?.focus();
    },
  };
}
