import type {QuestionType} from '../types';
import {date} from './date';
import {multiChoice} from './multi-choice';
import type {QuestionRenderer} from './question-control';
import {singleChoice} from './single-choice';
import {text} from './text';
import {yesNo} from './yes-no';

/** One renderer per question type. */
export const renderers: Record<QuestionType, QuestionRenderer> = {singleChoice, multiChoice, text, date, yesNo};

export {isAnswered} from './question-control';
export type {QuestionControl} from './question-control';
