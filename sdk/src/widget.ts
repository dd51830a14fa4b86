import {createSession} from './api';
import type {ResolvedConfig} from './config';
import {h, nextId} from './dom';
import {IntakeKitError, patientText} from './errors';
import type {Emitter} from './events';
import {questionSteps} from './question-steps';
import {questionnaireSteps} from './questionnaire/steps';
import {isPassing, withRetry} from './retry';
import type {StepWalk} from './step-walk';
import {submitAnswers} from './submit';
import type {Answers, Environment} from './types';
import {completionView} from './views/completion-view';
import {errorView, loadingView} from './views/message-view';
import type {StepView} from './views/step-view';

/** A submit that may pass later: the patient learns the answers are safe; the detail is in the error event. */
const NOT_SENT_YET =
  'Your answers could not be sent yet. They are kept on this page: check your connection, then choose Try again.';

/** Languages written right to left, with any region or script: ar, ar-EG, he, fa-IR, ur... */
const RIGHT_TO_LEFT = /^(ar|he|fa|ur)(-|$)/i;

/**
 * The widget root: scoped class, theme class, the locale's language and direction, a live region that survives
 * step changes, and a body.
 */
export function createRoot(
  theme: ResolvedConfig['theme'],
  locale?: string,
): {root: HTMLElement; body: HTMLElement; live: HTMLElement} {
  const body = h('div', {class: 'ik-body'});
  const live = h('div', {class: 'ik-sr', 'aria-live': 'polite', 'aria-atomic': 'true'});
  const root = h(
    'div',
    {
      class: `ik-root ik-theme-${theme}`,
      'data-intakekit': '',
      lang: locale,
      dir: locale && RIGHT_TO_LEFT.test(locale) && 'rtl',
    },
    live,
    body,
  );
  return {root, body, live};
}

/** One mounted widget: loads the session, then walks the questions one at a time. */
export class Widget {
  private readonly id = nextId();
  private readonly root: HTMLElement;
  private readonly body: HTMLElement;
  private readonly live: HTMLElement;
  private readonly abort = new AbortController();
  private walk: StepWalk | null = null;
  /** Steps rendered so far: each gets ids of its own. */
  private steps = 0;
  private step: StepView | null = null;
  private sessionId = '';
  private sessionToken = '';
  /** While the last step's answers are on their way: Next and Back wait. */
  private sending = false;
  private flowId: string;
  private env: Environment;
  private destroyed = false;

  constructor(
    container: Element,
    private readonly config: ResolvedConfig,
    private readonly emitter: Emitter,
    private readonly report: (err: Error) => void,
  ) {
    ({root: this.root, body: this.body, live: this.live} = createRoot(config.theme, config.locale));
    this.flowId = config.flowId;
    this.env = config.env;
    container.append(this.root);
    this.start(false);
  }

  /** Loads the flow; an unexpected failure is reported like any other, never left as an unhandled rejection. */
  private start(again: boolean): void {
    this.load(again).catch((err: unknown) =>
      this.fail(
        new IntakeKitError(
          'SERVER_ERROR',
          `the widget failed unexpectedly: ${err instanceof Error ? err.message : String(err)}`,
          err,
        ),
      ),
    );
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.abort.abort();
    this.root.remove();
  }

  private show(node: Node): void {
    this.body.replaceChildren(node);
  }

  private fail(err: Error, retry?: () => void, waitSeconds?: number): void {
    if (this.destroyed) return;
    // A refused origin is the site's set-up, which the patient on the page cannot fix: the detail goes to the
    // developer (the error event and the console, see report), the patient gets a short message (patientText).
    this.show(errorView(patientText(err), retry, waitSeconds));
    this.report(err);
  }

  /** `again`: a Try again click, whose button disappears, so focus then moves to the first question. */
  private async load(again = false): Promise<void> {
    this.show(loadingView());
    this.root.setAttribute('aria-busy', 'true');
    const {apiBase, apiKey, flowId, env, questions, flowVersion, preview, locale} = this.config;
    try {
      const session = await createSession({
        apiBase,
        apiKey,
        flowId,
        env,
        questions,
        flowVersion,
        preview,
        signal: this.abort.signal,
      });
      if (this.destroyed) return;
      this.sessionId = session.sessionId;
      this.sessionToken = session.sessionToken;
      this.flowId = session.flowId;
      this.env = session.env;
      this.walk = session.questionnaire
        ? questionnaireSteps(session.questionnaire, locale)
        : questionSteps(questions ?? session.questions);
    } catch (err) {
      if (this.destroyed) return;
      this.root.removeAttribute('aria-busy');
      const e = err instanceof Error ? err : new IntakeKitError('SERVER_ERROR', String(err));
      const {code, retryAfterSeconds} = e as IntakeKitError;
      const retry = code === 'NETWORK_ERROR' || code === 'SERVER_ERROR' || code === 'RATE_LIMITED';
      this.fail(e, retry ? () => this.start(true) : undefined, retryAfterSeconds);
      return;
    }
    this.root.removeAttribute('aria-busy');
    this.render(again);
    this.emitter.emit('ready', {
      sessionId: this.sessionId,
      flowId: this.flowId,
      env: this.env,
      questionCount: this.walk?.questionCount ?? 0,
    });
  }

  private render(moveFocus: boolean): void {
    if (!this.walk) return;
    this.step = this.walk.step(
      `${this.id}-${++this.steps}`,
      () => this.go(-1),
      () => this.go(1),
    );
    this.show(this.step.element);
    if (moveFocus) {
      this.live.textContent = this.step.count;
      this.step.heading.focus();
    }
  }

  private go(delta: 1 | -1): void {
    const walk = this.walk;
    if (!this.step || !walk || this.sending || !walk.keep(delta > 0)) return;
    const moved = walk.move(delta);
    if (moved === 'end') this.send(walk.result(), false);
    else if (moved) this.render(true);
  }

  /**
   * Sends the answers, retrying what can pass, while the last step stays on screen; Try again sends the same
   * answers with the same token (the API stores a session once, so a repeat is safe).
   */
  private send(result: ReturnType<StepWalk['result']>, again: boolean): void {
    const {answers} = result;
    const step = this.step;
    if (!step) return;
    this.sending = true;
    step.setSending(true);
    step.sendArea.replaceChildren();
    // The Try again button is gone: the busy Finish button takes the focus.
    if (again) step.submit.focus();
    this.live.textContent = 'Sending your answers…';
    const {apiBase, apiKey, questions} = this.config;
    const {sessionToken, env} = this;
    const signal = this.abort.signal;
    withRetry(
      () => submitAnswers({apiBase, apiKey, env, sessionToken, answers, questions, signal}),
      (ms) => {
        const text = `Could not send your answers. Trying again in ${Math.round(ms / 1000)} s…`;
        step.sendArea.replaceChildren(h('p', {class: 'ik-note'}, text));
        this.live.textContent = text;
      },
      signal,
    ).then(
      ({submissionId}) => this.complete(result, submissionId),
      (err: unknown) => {
        if (this.destroyed) return;
        this.sending = false;
        step.setSending(false);
        const e = err instanceof Error ? err : new IntakeKitError('SERVER_ERROR', String(err));
        const passing = isPassing(e);
        const retry = passing ? () => this.send(result, true) : undefined;
        const text = passing ? NOT_SENT_YET : patientText(e);
        step.sendArea.replaceChildren(errorView(text, retry, (e as IntakeKitError).retryAfterSeconds));
        this.live.textContent = '';
        step.sendArea.querySelector('button')?.focus();
        this.report(e);
      },
    );
  }

  private complete({answers, rows}: {answers: Answers; rows: Array<[string, string]>}, submissionId: string): void {
    if (this.destroyed) return;
    this.sending = false;
    this.step = null;
    const view = completionView(rows, this.env === 'sandbox' ? submissionId : null);
    this.show(view.element);
    this.live.textContent = 'Thank you. Your answers were received.';
    view.heading.focus();
    this.emitter.emit('complete', {sessionId: this.sessionId, flowId: this.flowId, submissionId, answers});
  }
}
