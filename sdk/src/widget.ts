import {createSession} from './api';
import type {ResolvedConfig} from './config';
import {h, nextId} from './dom';
import {IntakeKitError, patientText} from './errors';
import type {Emitter} from './events';
import {isAnswered} from './questions';
import {isPassing, withRetry} from './retry';
import {submitAnswers} from './submit';
import type {AnswerValue, Answers, Environment, Question} from './types';
import {completionView} from './views/completion-view';
import {errorView, loadingView} from './views/message-view';
import {stepView, type StepView} from './views/step-view';

/** A submit that may pass later: the patient learns the answers are safe; the detail is in the error event. */
const NOT_SENT_YET =
  'Your answers could not be sent yet. They are kept on this page: check your connection, then choose Try again.';

const REQUIRED_MESSAGE: Record<Question['type'], string> = {
  singleChoice: 'Please choose an answer.',
  multiChoice: 'Please choose at least one answer.',
  text: 'Please enter an answer.',
  date: 'Please enter a date.',
  yesNo: 'Please choose Yes or No.',
};

/** The widget root: scoped class, theme class, a live region that survives step changes, and a body. */
export function createRoot(theme: ResolvedConfig['theme']): {root: HTMLElement; body: HTMLElement; live: HTMLElement} {
  const body = h('div', {class: 'ik-body'});
  const live = h('div', {class: 'ik-sr', 'aria-live': 'polite', 'aria-atomic': 'true'});
  const root = h('div', {class: `ik-root ik-theme-${theme}`, 'data-intakekit': ''}, live, body);
  return {root, body, live};
}

/** One mounted widget: loads the session, then walks the questions one at a time. */
export class Widget {
  private readonly id = nextId();
  private readonly root: HTMLElement;
  private readonly body: HTMLElement;
  private readonly live: HTMLElement;
  private readonly abort = new AbortController();
  private questions: Question[] = [];
  private answers: Answers = {};
  private index = 0;
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
    ({root: this.root, body: this.body, live: this.live} = createRoot(config.theme));
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
    const {apiBase, apiKey, flowId, env, questions} = this.config;
    try {
      const session = await createSession({
        apiBase,
        apiKey,
        flowId,
        env,
        questions,
        signal: this.abort.signal,
      });
      if (this.destroyed) return;
      this.sessionId = session.sessionId;
      this.sessionToken = session.sessionToken;
      this.flowId = session.flowId;
      this.env = session.env;
      this.questions = questions ?? session.questions;
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
    this.index = 0;
    this.answers = {};
    this.render(again);
    this.emitter.emit('ready', {
      sessionId: this.sessionId,
      flowId: this.flowId,
      env: this.env,
      questionCount: this.questions.length,
    });
  }

  private render(moveFocus: boolean): void {
    const question = this.questions[this.index] as Question;
    this.step = stepView({
      question,
      index: this.index,
      total: this.questions.length,
      value: this.answers[question.id] ?? null,
      id: `${this.id}-${this.index}`,
      onBack: () => this.go(-1),
      onNext: () => this.go(1),
    });
    this.show(this.step.element);
    if (moveFocus) {
      this.live.textContent = `Question ${this.index + 1} of ${this.questions.length}`;
      this.step.heading.focus();
    }
  }

  private go(delta: 1 | -1): void {
    const step = this.step;
    const question = this.questions[this.index];
    if (!step || !question || this.sending) return;
    const value: AnswerValue = step.control.read();
    this.answers[question.id] = isAnswered(value) ? value : question.type === 'multiChoice' ? [] : null;
    if (delta > 0) {
      const problem =
        step.control.check?.() || (question.required && !isAnswered(value) ? REQUIRED_MESSAGE[question.type] : null);
      if (problem) {
        step.showError(problem);
        return;
      }
    }
    const next = this.index + delta;
    if (next < 0) return;
    if (next >= this.questions.length) {
      this.finish();
      return;
    }
    this.index = next;
    this.render(true);
  }

  private finish(): void {
    const answers: Answers = {};
    for (const q of this.questions) answers[q.id] = this.answers[q.id] ?? (q.type === 'multiChoice' ? [] : null);
    this.send(answers, false);
  }

  /**
   * Sends the answers, retrying what can pass, while the last step stays on screen; Try again sends the same
   * answers with the same token (the API stores a session once, so a repeat is safe).
   */
  private send(answers: Answers, again: boolean): void {
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
      ({submissionId}) => this.complete(answers, submissionId),
      (err: unknown) => {
        if (this.destroyed) return;
        this.sending = false;
        step.setSending(false);
        const e = err instanceof Error ? err : new IntakeKitError('SERVER_ERROR', String(err));
        const passing = isPassing(e);
        const retry = passing ? () => this.send(answers, true) : undefined;
        const text = passing ? NOT_SENT_YET : patientText(e);
        step.sendArea.replaceChildren(errorView(text, retry, (e as IntakeKitError).retryAfterSeconds));
        this.live.textContent = '';
        step.sendArea.querySelector('button')?.focus();
        this.report(e);
      },
    );
  }

  private complete(answers: Answers, submissionId: string): void {
    if (this.destroyed) return;
    this.sending = false;
    this.step = null;
    const view = completionView(this.questions, answers, this.env === 'sandbox' ? submissionId : null);
    this.show(view.element);
    this.live.textContent = 'Thank you. Your answers were received.';
    view.heading.focus();
    this.emitter.emit('complete', {sessionId: this.sessionId, flowId: this.flowId, submissionId, answers});
  }
}
