import {choiceList} from './choice-list';
import type {QuestionRenderer} from './question-control';

/** multiChoice: checkboxes; the answer is the list of checked values. */
export const multiChoice: QuestionRenderer = (q, ctx) => choiceList(q, ctx, 'checkbox');
