/**
 * A team flow's Questionnaire as the widget's steps: each top-level group one step (its text the heading), each
 * top-level item outside a group a step of its own. enableWhen is evaluated as the patient answers (the contract's,
 * as the server does): a hidden question disappears at once and its answer is kept while the page is open, but
 * never sent (visibleAnswers); a step with nothing shown is skipped.
 */
import {enabledLinkIds, visibleAnswers} from '@intakekit/contract/questionnaire/enable-when';
import {itemText, localizedText, textFor} from '@intakekit/contract/questionnaire/translations';
import {isQuestionType, type Questionnaire, type QuestionnaireItem} from '@intakekit/contract/questionnaire/types';
import {walkItems} from '@intakekit/contract/questionnaire/walk';
import {h} from '../dom';
import type {StepWalk} from '../step-walk';
import type {QuestionnaireAnswer, QuestionnaireAnswers} from '../types';
import {stepView} from '../views/step-view';
import {answerText, answersOf, asked, initialAnswers, requiredMessage, type Asked} from './answers';
import {renderItems, type Shown} from './items';

export function questionnaireSteps(doc: Questionnaire, locale: string | undefined): StepWalk {
  const title = textFor(localizedText(doc.title, (doc as {_title?: unknown})._title), locale);
  const textOf = (item: QuestionnaireItem): string => textFor(itemText(item), locale);
  const questions = new Map<string, Asked>();
  const answers: Record<string, QuestionnaireAnswer[]> = {};
  for (const {item} of walkItems(doc).items) {
    if (!isQuestionType(item.type)) continue;
    const q = asked(item, doc.contained, locale, textOf(item));
    questions.set(q.linkId, q);
    // `initial` is the starting answer: it counts in the conditions from the start, as an answer would.
    answers[q.linkId] = initialAnswers(q);
  }
  const top = doc.item ?? [];
  let on = enabledLinkIds(doc, answers);
  /** Shown: enabled, and a group only when something in it is. */
  const shows = (item: QuestionnaireItem): boolean =>
    on.has(item.linkId ?? '') && (item.type !== 'group' || (item.item ?? []).some(shows));
  let index = top.findIndex(shows);
  if (index < 0) index = 0;
  let shown: Shown[] = [];

  /** Reads the step's answers and shows or hides its items for them. */
  const refresh = (): void => {
    for (const {q, block} of shown) if (q && block) answers[q.linkId] = answersOf(q, block.control);
    on = enabledLinkIds(doc, answers);
    for (const entry of shown) entry.element.hidden = !shows(entry.item);
  };

  return {
    questionCount: questions.size,
    step(id, onBack, onNext) {
      const item = top[index] as QuestionnaireItem;
      const heading = h('h2', {class: 'ik-title', id: `${id}-h`, tabindex: -1}, textOf(item) || title);
      const rendered = renderItems(item, heading, {id, questions, answers, textOf});
      shown = rendered.shown;
      const visible = top.filter(shows);
      const view = stepView({
        position: visible.indexOf(item) + 1,
        total: visible.length,
        unit: 'Step',
        heading,
        content: rendered.nodes,
        id,
        onBack,
        onNext,
      });
      view.element.addEventListener('input', refresh);
      view.element.addEventListener('change', refresh);
      refresh();
      return view;
    },
    keep(forward) {
      refresh();
      let ok = true;
      for (const {q, block, item} of shown) {
        if (!forward || !q || !block || !shows(item)) continue;
        const problem =
          block.control.check?.() ||
          (item.required && (answers[q.linkId] ?? []).length === 0 ? requiredMessage(q) : null);
        if (problem) block.showError(problem, ok);
        ok &&= !problem;
      }
      return ok;
    },
    move(delta) {
      for (let next = index + delta; next >= 0 && next < top.length; next += delta) {
        if (shows(top[next] as QuestionnaireItem)) {
          index = next;
          return true;
        }
      }
      return delta > 0 ? 'end' : false;
    },
    result() {
      const sent = visibleAnswers(doc, answers) as QuestionnaireAnswers;
      const rows = [...questions.values()]
        .filter((q) => sent[q.linkId])
        .map((q): [string, string] => [q.text, answerText(q, sent[q.linkId] ?? [])]);
      return {answers: sent, rows};
    },
  };
}
