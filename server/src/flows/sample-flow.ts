// The built-in sample intake flow every SDK session answers with, so the Quick Start and the
// live demo work on a fresh machine. It covers each question type the widget renders.
import type {FlowQuestion, QuestionOption} from '@intakekit/contract/flows';

/** Options from [label, value] pairs. */
const options = (...pairs: Array<[label: string, value: QuestionOption['value']]>): QuestionOption[] =>
  pairs.map(([label, value]) => ({label, value}));

export const SAMPLE_FLOW: readonly FlowQuestion[] = [
  {
    id: 'visitReason',
    question: 'What brings you in today?',
    type: 'singleChoice',
    required: true,
    options: options(
      ['Annual check-up', 'checkup'],
      ['New symptoms', 'symptoms'],
      ['Follow-up visit', 'follow_up'],
      ['Prescription refill', 'refill'],
    ),
  },
  {
    id: 'symptoms',
    question: 'Which of these have you had in the last two weeks?',
    type: 'multiChoice',
    required: false,
    options: options(['Fever', 'fever'], ['Cough', 'cough'], ['Headache', 'headache'], ['Fatigue', 'fatigue']),
  },
  {id: 'dateOfBirth', question: 'What is your date of birth?', type: 'date', required: true},
  {
    id: 'allergies',
    question: 'Do you have any known allergies?',
    type: 'yesNo',
    required: true,
    options: options(['Yes', true], ['No', false]),
  },
  {id: 'notes', question: 'Anything else your care team should know?', type: 'text', required: false},
];
