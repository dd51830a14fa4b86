import {h} from '../dom';
import type {QuestionRenderer} from './question-control';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** date: the native date input; the answer is `YYYY-MM-DD`. */
export const date: QuestionRenderer = (_q, ctx) => {
  const input = h('input', {type: 'date', class: 'ik-field', id: `${ctx.id}-0`, 'aria-labelledby': ctx.labelId});
  input.value = typeof ctx.value === 'string' ? ctx.value : '';
  const read = (): string => input.value.trim();
  return {
    element: h('div', {class: 'ik-options'}, input),
    inputs: [input],
    read,
    // A half-typed date reads as '' with validity.badInput; anything but YYYY-MM-DD is refused too.
    check: () => {
      const v = read();
      return input.validity?.badInput || (v && (!ISO_DATE.test(v) || Number.isNaN(Date.parse(v))))
        ? 'Please enter a valid date.'
        : null;
    },
  };
};
