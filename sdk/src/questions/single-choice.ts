import {choiceList} from './choice-list';
import type {QuestionRenderer} from './question-control';

/** singleChoice: a radio group. */
export const singleChoice: QuestionRenderer = (q, ctx) => choiceList(q, ctx, 'radio');
