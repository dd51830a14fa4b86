import {h} from '../dom';
import type {ControlContext, QuestionControl} from './question-control';

type Attrs = Record<string, string | number | boolean | undefined>;

/**
 * One native input (or a textarea) named by the question's heading; the answer is its trimmed value. `check` gets
 * that value and the element, and returns a message when it is not a valid answer.
 */
export function field(
  ctx: ControlContext,
  attrs: Attrs,
  check?: (value: string, el: HTMLInputElement) => string | null,
  tag: 'input' | 'textarea' = 'input',
): QuestionControl {
  const input = h(tag, {class: 'ik-field', id: `${ctx.id}-0`, 'aria-labelledby': ctx.labelId, ...attrs});
  input.value = typeof ctx.value === 'string' ? ctx.value : '';
  const read = (): string => input.value.trim();
  return {
    element: h('div', {class: 'ik-options'}, input),
    inputs: [input],
    read,
    check: check && (() => check(read(), input as HTMLInputElement)),
  };
}
