import {h} from './dom';
import {REQUIRED_MESSAGE, isAnswered, renderers} from './questions';
import type {StepWalk} from './step-walk';
import type {AnswerValue, Question} from './types';
import type {Answers as QuestionAnswers} from '@intakekit/contract/answers';
import {questionBlock, type QuestionBlock} from './views/question-block';
import {stepView} from './views/step-view';

/** How the summary words an answer: option labels, or the text or date as given. */
export function answerLabel(q: Question, value: AnswerValue): string {
  if (!isAnswered(value)) return 'Not answered';
  const values = Array.isArray(value) ? value : [value];
  return values.map((v) => q.options.find((o) => o.value === v)?.label ?? String(v)).join(', ');
}

const blank = (q: Question): AnswerValue => (q.type === 'multiChoice' ? [] : null);

/** A built-in flow's (or the page's) questions, one per step, answered by question id. */
export function questionSteps(questions: Question[]): StepWalk {
  const answers: QuestionAnswers = {};
  const total = questions.length;
  let index = 0;
  let block: QuestionBlock | null = null;
  const current = (): Question => questions[index] as Question;
  return {
    questionCount: total,
    step(id, onBack, onNext) {
      const q = current();
      const heading = h('h2', {class: 'ik-title', id: `${id}-h`, tabindex: -1}, q.question);
      const control = renderers[q.type](q, {id: `${id}-i`, labelId: heading.id, value: answers[q.id] ?? null});
      block = questionBlock(id, heading, q.required, control);
      const content = [block.element];
      return stepView({position: index + 1, total, unit: 'Question', heading, content, id, onBack, onNext});
    },
    keep(forward) {
      const q = current();
      if (!block) return false;
      const value = block.control.read();
      answers[q.id] = isAnswered(value) ? value : blank(q);
      const problem =
        forward && (block.control.check?.() || (q.required && !isAnswered(value) ? REQUIRED_MESSAGE[q.type] : null));
      if (problem) block.showError(problem, true);
      return !problem;
    },
    move(delta) {
      const next = index + delta;
      if (next < 0) return false;
      if (next >= total) return 'end';
      index = next;
      return true;
    },
    result() {
      const all: QuestionAnswers = {};
      for (const q of questions) all[q.id] = answers[q.id] ?? blank(q);
      return {answers: all, rows: questions.map((q) => [q.question, answerLabel(q, all[q.id] ?? null)])};
    },
  };
}
