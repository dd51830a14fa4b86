import type {QuestionType} from '../types';
import {date} from './date';
import {multiChoice} from './multi-choice';
import type {QuestionRenderer} from './question-control';
import {singleChoice} from './single-choice';
import {text} from './text';
import {yesNo} from './yes-no';

/** One renderer per question type. */
export const renderers: Record<QuestionType, QuestionRenderer> = {singleChoice, multiChoice, text, date, yesNo};

/** What a required question left unanswered says, by the kind of control. */
export const REQUIRED_MESSAGE: Record<QuestionType, string> = {
  singleChoice: 'Please choose an answer.',
  multiChoice: 'Please choose at least one answer.',
  text: 'Please enter an answer.',
  date: 'Please enter a date.',
  yesNo: 'Please choose Yes or No.',
};

export {isAnswered} from './question-control';
export type {QuestionControl} from './question-control';
