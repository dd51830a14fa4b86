import {h} from '../dom';

/** The loading state, announced politely. */
export const loadingView = (): HTMLElement =>
  h('div', {class: 'ik-msg', role: 'status'}, h('span', {class: 'ik-spinner', 'aria-hidden': 'true'}), 'Loading…');

/** A failure, announced at once; `retry` adds a Try again button. */
export function errorView(message: string, retry?: () => void): HTMLElement {
  const button = retry ? h('button', {type: 'button', class: 'ik-btn ik-btn-primary'}, 'Try again') : null;
  if (button && retry) button.addEventListener('click', retry);
  return h('div', {class: 'ik-msg ik-msg-error', role: 'alert'}, h('p', {}, message), button);
}
