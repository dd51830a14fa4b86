import {h} from '../dom';

export interface StepView {
  element: HTMLFormElement;
  /** The step's heading, which takes the focus on a step change. */
  heading: HTMLElement;
  /** 'Question 2 of 5': the progress text, also announced on a step change. */
  count: string;
  /** Under the questions: the submit's retry notice or its error with Try again. */
  sendArea: HTMLElement;
  /** The last step while its answers are sent: Finish reads 'Sending…' and is busy, keeping the focus it has. */
  setSending(sending: boolean): void;
  /** The Finish (or Next) button. */
  submit: HTMLButtonElement;
}

export interface StepOptions {
  /** 1-based position among the steps shown, and their number. */
  position: number;
  total: number;
  /** The word of the progress text: Question (one per step) or Step. */
  unit: string;
  heading: HTMLElement;
  /** The questions (a question's legend holds the heading when the step is that one question). */
  content: Node[];
  id: string;
  onBack(): void;
  onNext(): void;
}

/** One step: progress, its questions, Back and Next / Finish. */
export function stepView({position, total, unit, heading, content, id, onBack, onNext}: StepOptions): StepView {
  const countId = `${id}-c`;
  const count = `${unit} ${position} of ${total}`;
  const fill = h('div', {class: 'ik-bar-fill'});
  fill.style.width = `${Math.round((position / total) * 100)}%`;
  const back = position > 1 ? h('button', {type: 'button', class: 'ik-btn'}, 'Back') : null;
  back?.addEventListener('click', onBack);
  const label = position === total ? 'Finish' : 'Next';
  const submit = h('button', {type: 'submit', class: 'ik-btn ik-btn-primary'}, label);
  const sendArea = h('div', {class: 'ik-send'});

  const element = h(
    'form',
    {class: 'ik-step', novalidate: true, 'aria-labelledby': heading.id},
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
          'aria-valuenow': position,
          'aria-valuetext': count,
        },
        fill,
      ),
    ),
    ...content,
    sendArea,
    h('div', {class: 'ik-nav'}, back, submit),
  );
  element.addEventListener('submit', (event) => {
    event.preventDefault();
    onNext();
  });

  return {
    element,
    heading,
    count,
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
  };
}
