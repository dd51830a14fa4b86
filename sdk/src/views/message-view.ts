import {h} from '../dom';

/** The loading state, announced politely. */
export const loadingView = (): HTMLElement =>
  h('div', {class: 'ik-msg', role: 'status'}, h('span', {class: 'ik-spinner', 'aria-hidden': 'true'}), 'Loading…');

/** A failure, announced at once; `retry` adds a Try again button. */
/**
 * An error with an optional Try again. `waitSeconds` (a rate limit's Retry-After) keeps the button
 * disabled and counting down until a new attempt can succeed.
 */
export function errorView(message: string, retry?: () => void, waitSeconds = 0): HTMLElement {
  const button = retry ? h('button', {type: 'button', class: 'ik-btn ik-btn-primary'}, 'Try again') : null;
  if (button && retry) {
    button.addEventListener('click', retry);
    if (waitSeconds > 0) countDown(button, waitSeconds);
  }
  return h('div', {class: 'ik-msg ik-msg-error', role: 'alert'}, h('p', {}, message), button);
}

function countDown(button: HTMLButtonElement, seconds: number): void {
  let left = Math.ceil(seconds);
  const label = () => (button.textContent = left > 0 ? `Try again in ${left} s` : 'Try again');
  button.disabled = true;
  label();
  const timer = setInterval(() => {
    left -= 1;
    label();
    if (left <= 0) {
      clearInterval(timer);
      button.disabled = false;
    }
  }, 1000);
}
