import {h} from '../dom';
import type {AnswerValue, Answers, Question} from '../types';

function label(q: Question, value: AnswerValue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return 'Not answered';
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => q.options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
}

/** The end of the flow: 'Thank you' and a summary of the answers. */
export function completionView(
  questions: Question[],
  answers: Answers,
  sandbox: boolean,
): {element: HTMLElement; heading: HTMLElement} {
  const heading = h('h2', {class: 'ik-title', tabindex: -1}, 'Thank you');
  const element = h(
    'div',
    {class: 'ik-done'},
    h('div', {class: 'ik-done-mark', 'aria-hidden': 'true'}, '✓'),
    heading,
    h('p', {class: 'ik-lead'}, 'Your answers are complete. Here is a summary.'),
    h(
      'dl',
      {class: 'ik-summary'},
      ...questions.map((q) =>
        h('div', {class: 'ik-row'}, h('dt', {}, q.question), h('dd', {}, label(q, answers[q.id] ?? null))),
      ),
    ),
    sandbox ? h('p', {class: 'ik-note'}, 'Sandbox mode: these answers were not sent anywhere.') : null,
  );
  return {element, heading};
}
