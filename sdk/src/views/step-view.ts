import {h} from '../dom';
import {renderers, type QuestionControl} from '../questions';
import type {AnswerValue, Question} from '../types';

export interface StepView {
  element: HTMLFormElement;
  heading: HTMLElement;
  control: QuestionControl;
  showError(message: string): void;
  /** Under the question: the submit's retry notice or its error with Try again. */
  sendArea: HTMLElement;
  /** The last step while its answers are sent: Finish reads 'Sending…' and is busy, keeping the focus it has. */
  setSending(sending: boolean): void;
  /** The Finish (or Next) button. */
  submit: HTMLButtonElement;
}

export interface StepOptions {
  question: Question;
  index: number;
  total: number;
  value: AnswerValue;
  id: string;
  onBack(): void;
  onNext(): void;
}

/** One question: progress, a fieldset named by the question heading, inline error, Back and Next / Finish. */
export function stepView({question, index, total, value, id, onBack, onNext}: StepOptions): StepView {
  const headingId = `${id}-h`;
  const errorId = `${id}-e`;
  const countId = `${id}-c`;
  const count = `Question ${index + 1} of ${total}`;
  const control = renderers[question.type](question, {id: `${id}-i`, labelId: headingId, value});

  const fill = h('div', {class: 'ik-bar-fill'});
  fill.style.width = `${Math.round(((index + 1) / total) * 100)}%`;
  const heading = h('h2', {class: 'ik-title', id: headingId, tabindex: -1}, question.question);
  const error = h('p', {class: 'ik-error', id: errorId, role: 'alert', hidden: true});
  const back = index > 0 ? h('button', {type: 'button', class: 'ik-btn'}, 'Back') : null;
  back?.addEventListener('click', onBack);
  const label = index === total - 1 ? 'Finish' : 'Next';
  const submit = h('button', {type: 'submit', class: 'ik-btn ik-btn-primary'}, label);
  const sendArea = h('div', {class: 'ik-send'});

  const element = h(
    'form',
    {class: 'ik-step', novalidate: true, 'aria-labelledby': headingId},
    h(
      'div',
      {class: 'ik-progress'},
      h('p', {class: 'ik-count', id: countId}, count),
      h(
        'div',
        {
          class: 'ik-bar',
          role: 'progressbar',
          'aria-labelledby': countId,
          'aria-valuemin': 1,
          'aria-valuemax': total,
          'aria-valuenow': index + 1,
          'aria-valuetext': count,
        },
        fill,
      ),
    ),
    h(
      'fieldset',
      {class: 'ik-q'},
      h('legend', {class: 'ik-legend'}, heading, question.required ? null : h('span', {class: 'ik-hint'}, 'Optional')),
      control.element,
      error,
    ),
    sendArea,
    h('div', {class: 'ik-nav'}, back, submit),
  );
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    onNext();
  });
  control.inputs.forEach((input) =>
    input.addEventListener('change', () => {
      if (!error.hidden) {
        error.hidden = true;
        for (const i of control.inputs) {
          i.removeAttribute('aria-invalid');
          i.removeAttribute('aria-describedby');
        }
      }
    }),
  );

  return {
    element,
    heading,
    control,
    sendArea,
    submit,
    setSending(sending) {
      submit.textContent = sending ? 'Sending…' : label;
      // aria-disabled, not disabled: a disabled button would drop the keyboard focus.
      for (const el of [element, submit, back]) {
        const attr = el === element ? 'aria-busy' : 'aria-disabled';
        if (sending) el?.setAttribute(attr, 'true');
        else el?.removeAttribute(attr);
      }
    },
    showError(message) {
      error.textContent = message;
      error.hidden = false;
      for (const input of control.inputs) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', errorId);
      }
      control.inputs[0]?.focus();
    },
  };
}
