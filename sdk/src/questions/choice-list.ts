import {h} from '../dom';
import type {OptionValue, Question} from '../types';
import type {ControlContext, QuestionControl} from './question-control';

/** Native radios or checkboxes in labels: arrow keys, Space and Tab work as the platform defines. */
export function choiceList(q: Question, ctx: ControlContext, kind: 'radio' | 'checkbox', layout = ''): QuestionControl {
  const chosen = Array.isArray(ctx.value) ? ctx.value : [ctx.value];
  const inputs = q.options.map((option, i) =>
    h('input', {
      type: kind,
      class: 'ik-check',
      name: ctx.id,
      id: `${ctx.id}-${i}`,
      value: String(i),
      checked: chosen.includes(option.value),
    }),
  );
  const element = h(
    'div',
    {class: `ik-options${layout ? ' ' + layout : ''}`},
    ...q.options.map((option, i) =>
      h('label', {class: 'ik-option', for: `${ctx.id}-${i}`}, inputs[i], h('span', {}, option.label)),
    ),
  );
  const picked = (): OptionValue[] => q.options.filter((_, i) => inputs[i]?.checked).map((o) => o.value);
  return {
    element,
    inputs,
    read: () => (kind === 'checkbox' ? picked() : (picked()[0] ?? null)),
  };
}
