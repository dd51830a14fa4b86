import {h} from '../dom';
import type {QuestionRenderer} from './question-control';

/** text: one line of free text; Enter moves on like Next. */
export const text: QuestionRenderer = (_q, ctx) => {
  const input = h('input', {
    type: 'text',
    class: 'ik-field',
    id: `${ctx.id}-0`,
    'aria-labelledby': ctx.labelId,
    maxlength: 2000,
    autocomplete: 'off',
  });
  input.value = typeof ctx.value === 'string' ? ctx.value : '';
  return {element: h('div', {class: 'ik-options'}, input), inputs: [input], read: () => input.value.trim()};
};
