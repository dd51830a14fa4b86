import {h} from '../dom';
import type {OptionValue, Question} from '../types';
import {textLimit, type ControlContext, type QuestionControl} from './question-control';

/** The value of an open choice's 'Other' option; its answer is the text typed under it. */
export const OTHER = -1;

/**
 * Native radios or checkboxes in labels: arrow keys, Space and Tab work as the platform defines. `other` adds an
 * 'Other' option with a text field under it, shown while it is chosen.
 */
export function choiceList(
  q: Question,
  ctx: ControlContext,
  kind: 'radio' | 'checkbox',
  layout = '',
  other?: string,
): QuestionControl {
  const options = other === undefined ? q.options : [...q.options, {label: 'Other', value: OTHER}];
  const chosen = Array.isArray(ctx.value) ? ctx.value : [ctx.value];
  const inputs = options.map((option, i) =>
    h('input', {
      type: kind,
      class: 'ik-check',
      name: ctx.id,
      id: `${ctx.id}-${i}`,
      value: String(i),
      checked: chosen.includes(option.value),
    }),
  );
  const labels = options.map((option, i) =>
    h(
      'label',
      {class: 'ik-option', for: `${ctx.id}-${i}`},
      inputs[i],
      h('span', {id: `${ctx.id}-l${i}`}, option.label),
    ),
  );
  const element = h('div', {class: `ik-options${layout ? ' ' + layout : ''}`}, ...labels);
  const picked = (): OptionValue[] => options.filter((_, i) => inputs[i]?.checked).map((o) => o.value);
  const control: QuestionControl = {
    element,
    inputs,
    read: () => (kind === 'checkbox' ? picked() : (picked()[0] ?? null)),
  };
  if (other !== undefined) {
    const last = inputs[inputs.length - 1] as HTMLInputElement;
    // Named by the 'Other' option it belongs to; the patient reaches it with Tab from the options.
    const text = h('input', {
      type: 'text',
      class: 'ik-field',
      'aria-labelledby': `${ctx.id}-l${options.length - 1}`,
      maxlength: textLimit(ctx),
      autocomplete: 'off',
    });
    text.value = other;
    const sync = (): void => void (text.hidden = !last.checked);
    element.addEventListener('change', sync);
    sync();
    element.append(text);
    control.other = text;
    control.check = () => (last.checked && !text.value.trim() ? 'Please type your other answer.' : null);
  }
  return control;
}
