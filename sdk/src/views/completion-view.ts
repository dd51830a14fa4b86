import {h} from '../dom';

/** The end of the flow, once the API has stored the answers: 'Thank you' and a summary of them. */
export function completionView(
  /** Each question asked and its answer in words. */
  rows: Array<[string, string]>,
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
      ...rows.map(([question, answer]) => h('div', {class: 'ik-row'}, h('dt', {}, question), h('dd', {}, answer))),
    ),
    sandboxSubmissionId
      ? h('p', {class: 'ik-note'}, `Sandbox mode: your answers were received as submission ${sandboxSubmissionId}.`)
      : null,
  );
  return {element, heading};
}
