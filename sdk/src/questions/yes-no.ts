import {choiceList} from './choice-list';
import type {QuestionRenderer} from './question-control';

/** yesNo: two radios side by side (values 'yes' / 'no' unless the question gives options). */
export const yesNo: QuestionRenderer = (q, ctx) => choiceList(q, ctx, 'radio', 'ik-options-row');
