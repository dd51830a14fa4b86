import {h} from '../dom';
import type {QuestionnaireItem} from '@intakekit/contract/questionnaire/types';
import type {QuestionnaireAnswer} from '../types';
import {questionBlock, type QuestionBlock} from '../views/question-block';
import {controlFor, type Asked} from './answers';

/** An item on screen: its element, hidden with the item; a question's control with its answer. */
export interface Shown {
  item: QuestionnaireItem;
  element: HTMLElement;
  q?: Asked;
  block?: QuestionBlock;
}

export interface ItemContext {
  id: string;
  questions: Map<string, Asked>;
  answers: Record<string, QuestionnaireAnswer[]>;
  textOf(item: QuestionnaireItem): string;
}

/**
 * A step's content: a group's items (the heading first), or the one question with the heading as its legend, then
 * the items under it. A group inside is a fieldset with its text as legend, a display item a paragraph; every text
 * goes in as text, never as markup.
 */
export function renderItems(
  step: QuestionnaireItem,
  heading: HTMLElement,
  ctx: ItemContext,
): {nodes: Node[]; shown: Shown[]} {
  const shown: Shown[] = [];
  let n = 0;
  const render = (item: QuestionnaireItem, title?: HTMLElement): HTMLElement[] => {
    const id = `${ctx.id}-${n++}`;
    // In document order, so that the first problem of a step is the first one focused.
    const children = (): HTMLElement[] => (item.item ?? []).flatMap((child) => render(child));
    const text = ctx.textOf(item);
    const q = ctx.questions.get(item.linkId ?? '');
    if (q) {
      const label = title ?? h('span', {class: 'ik-label', id: `${id}-h`}, text);
      const control = controlFor(q, {id: `${id}-i`, labelId: label.id, value: null}, ctx.answers[q.linkId] ?? []);
      const block = questionBlock(id, label, item.required === true, control);
      shown.push({item, element: block.element, q, block});
      // A question's own items follow it, hidden with it (enabledLinkIds hides what is under a hidden item).
      return [block.element, ...children()];
    }
    const legend = text ? h('legend', {class: 'ik-legend ik-label'}, text) : null;
    const element =
      item.type === 'group' ? h('fieldset', {class: 'ik-group'}, legend) : h('p', {class: 'ik-text'}, text);
    shown.push({item, element});
    element.append(...children());
    return [element];
  };
  if (step.type === 'group') return {nodes: [heading, ...(step.item ?? []).flatMap((child) => render(child))], shown};
  // A display item alone is its heading.
  return {nodes: step.type === 'display' ? [heading] : render(step, heading), shown};
}
