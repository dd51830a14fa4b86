// The built-in sample intake flow every SDK session answers with, so the Quick Start and the
// live demo work on a fresh machine. It covers each question type the widget renders.
export interface FlowQuestion {
  id: string;
  question: string;
  type: 'singleChoice' | 'multiChoice' | 'text' | 'date' | 'yesNo';
  required: boolean;
  options?: Array<{label: string; value: string | boolean}>;
}

export const SAMPLE_FLOW: readonly FlowQuestion[] = [
  {
    id: 'visitReason',
    question: 'What brings you in today?',
    type: 'singleChoice',
    required: true,
    options: [
      {label: 'Annual check-up', value: 'checkup'},
      {label: 'New symptoms', value: 'symptoms'},
      {label: 'Follow-up visit', value: 'follow_up'},
      {label: 'Prescription refill', value: 'refill'},
    ],
  },
  {
    id: 'symptoms',
    question: 'Which of these have you had in the last two weeks?',
    type: 'multiChoice',
    required: false,
    options: [
      {label: 'Fever', value: 'fever'},
      {label: 'Cough', value: 'cough'},
      {label: 'Headache', value: 'headache'},
      {label: 'Fatigue', value: 'fatigue'},
    ],
  },
  {id: 'dateOfBirth', question: 'What is your date of birth?', type: 'date', required: true},
  {
    id: 'allergies',
    question: 'Do you have any known allergies?',
    type: 'yesNo',
    required: true,
    options: [
      {label: 'Yes', value: true},
      {label: 'No', value: false},
    ],
  },
  {id: 'notes', question: 'Anything else your care team should know?', type: 'text', required: false},
];
