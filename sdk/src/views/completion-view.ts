import {h} from '../dom';
import type {AnswerValue, Answers, Question} from '../types';

function label(q: Question, value: AnswerValue): string {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return 'Not answered';
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => q.options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
}

/** The end of the flow, once the API has stored the answers: 'Thank you' and a summary of them. */
export function completionView(
  questions: Question[],
  answers: Answers,
  /** In sandbox, the id the API stored them under, for the developer trying the flow; null in production. */
  sandboxSubmissionId: string | null,
): {element: HTMLElement; heading: HTMLElement} {
  const heading = h('h2', {class: 'ik-title', tabindex: -1}, 'Thank you');
  const element = h(
    'div',
    {class: 'ik-done'},
    h('div', {class: 'ik-done-mark', 'aria-hidden': 'true'}, '✓'),
    heading,
    h('p', {class: 'ik-lead'}, 'Your answers were received. Here is a summary.'),
    h(
      'dl',
      {class: 'ik-summary'},
      ...questions.map((q) =>
        h('div', {class: 'ik-row'}, h('dt', {}, q.question), h('dd', {}, label(q, answers[q.id] ?? null))),
      ),
    ),
    sandboxSubmissionId
      ? h('p', {class: 'ik-note'}, `Sandbox mode: your answers were received as submission ${sandboxSubmissionId}.`)
      : null,
  );
  return {element, heading};
}
