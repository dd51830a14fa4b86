/**
 * The built-in flows: the ids a developer passes as `flowId`, served by POST /api/sdk/sessions and listed on the
 * SDK guide's Flows page. An id is a promise to every page that embeds it: never rename or remove one, add a new
 * flow instead. Between them the flows use every question type the widget renders.
 */
import type {FlowQuestion, QuestionOption, QuestionType} from './flows.js';

export interface Flow {
  /** Stable: what `init({flowId})` takes. */
  id: string;
  /**
   * Moves ('1', '2', ...) whenever a question, option or rule of the flow changes: each submission names the flow
   * and the version its patient answered (its QuestionnaireResponse's `questionnaire`).
   */
  version: string;
  name: string;
  /** One sentence: who the flow is for and what it asks. */
  description: string;
  questions: readonly FlowQuestion[];
}

/** Options from [label, value] pairs. */
const options = (...pairs: Array<[label: string, value: QuestionOption['value']]>): QuestionOption[] =>
  pairs.map(([label, value]) => ({label, value}));

const YES_NO = options(['Yes', true], ['No', false]);

export const FLOWS: readonly Flow[] = [
  {
    id: 'new-patient',
    version: '1',
    name: 'New patient',
    description:
      'Why they are coming in, recent symptoms, date of birth, allergies and anything else, before a first visit.',
    questions: [
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
      {id: 'allergies', question: 'Do you have any known allergies?', type: 'yesNo', required: true, options: YES_NO},
      {id: 'notes', question: 'Anything else your care team should know?', type: 'text', required: false},
    ],
  },
  {
    id: 'annual-checkup',
    version: '1',
    name: 'Annual check-up',
    description: 'What changed since the last visit, habits and the screenings a returning patient wants to discuss.',
    questions: [
      {
        id: 'healthChanges',
        question: 'Has your health changed since your last visit?',
        type: 'yesNo',
        required: true,
        options: YES_NO,
      },
      {
        id: 'smoking',
        question: 'Do you smoke or use tobacco?',
        type: 'singleChoice',
        required: true,
        options: options(['Never', 'never'], ['In the past', 'former'], ['Yes, now', 'current']),
      },
      {
        id: 'exercise',
        question: 'How often do you exercise for 30 minutes or more?',
        type: 'singleChoice',
        required: false,
        options: options(['Rarely', 'rarely'], ['1-2 times a week', 'weekly'], ['3 or more times a week', 'often']),
      },
      {
        id: 'screenings',
        question: 'Which screenings would you like to discuss?',
        type: 'multiChoice',
        required: false,
        options: options(
          ['Blood pressure', 'blood_pressure'],
          ['Cholesterol', 'cholesterol'],
          ['Diabetes', 'diabetes'],
          ['Cancer screening', 'cancer'],
        ),
      },
      {id: 'questions', question: 'What would you like to ask your doctor?', type: 'text', required: false},
    ],
  },
  {
    id: 'telehealth-consent',
    version: '1',
    name: 'Telehealth consent',
    description: 'Consent to a video visit, where the patient will be and a number to call if the video drops.',
    questions: [
      {
        id: 'consent',
        question: 'Do you agree to receive care by secure video visit?',
        type: 'yesNo',
        required: true,
        options: YES_NO,
      },
      {
        id: 'location',
        question: 'Which state or region will you be in during the visit?',
        type: 'text',
        required: true,
      },
      {
        id: 'privateSpace',
        question: 'Will you be somewhere private where you can talk freely?',
        type: 'yesNo',
        required: true,
        options: YES_NO,
      },
      {id: 'visitDate', question: 'On what date is your video visit?', type: 'date', required: false},
      {
        id: 'callbackPhone',
        question: 'What number can we call if the video disconnects?',
        type: 'text',
        required: true,
      },
    ],
  },
  {
    id: 'symptom-check',
    version: '1',
    name: 'Symptom check',
    description: 'The main symptom, when it began, how bad it is and the warning signs, for a sick visit or triage.',
    questions: [
      {
        id: 'mainSymptom',
        question: 'What is your main symptom?',
        type: 'singleChoice',
        required: true,
        options: options(
          ['Pain', 'pain'],
          ['Fever or chills', 'fever'],
          ['Cough or breathing trouble', 'breathing'],
          ['Stomach or digestion', 'digestive'],
          ['Something else', 'other'],
        ),
      },
      {id: 'onset', question: 'When did it start?', type: 'date', required: true},
      {
        id: 'severity',
        question: 'How severe is it right now?',
        type: 'singleChoice',
        required: true,
        options: options(['Mild', 'mild'], ['Moderate', 'moderate'], ['Severe', 'severe']),
      },
      {
        id: 'warningSigns',
        question: 'Do you have any of these?',
        type: 'multiChoice',
        required: false,
        options: options(
          ['Chest pain', 'chest_pain'],
          ['Shortness of breath', 'short_of_breath'],
          ['Confusion', 'confusion'],
          ['High fever above 39 °C (102 °F)', 'high_fever'],
        ),
      },
      {id: 'details', question: 'Describe anything else about how you feel.', type: 'text', required: false},
    ],
  },
  {
    id: 'medication-review',
    version: '1',
    name: 'Medication review',
    description: 'What the patient takes, how they take it, side effects and refills, before a medication review.',
    questions: [
      {
        id: 'medications',
        question: 'Which medications, vitamins or supplements do you take?',
        type: 'text',
        required: true,
      },
      {
        id: 'missedDoses',
        question: 'How often do you miss a dose?',
        type: 'singleChoice',
        required: true,
        options: options(['Never', 'never'], ['Once a week or less', 'sometimes'], ['More than once a week', 'often']),
      },
      {
        id: 'sideEffects',
        question: 'Have you noticed any of these since starting a medication?',
        type: 'multiChoice',
        required: false,
        options: options(
          ['Nausea', 'nausea'],
          ['Dizziness', 'dizziness'],
          ['Drowsiness', 'drowsiness'],
          ['Rash', 'rash'],
        ),
      },
      {id: 'refillNeeded', question: 'Do you need a refill?', type: 'yesNo', required: true, options: YES_NO},
      {id: 'lastReview', question: 'When were your medications last reviewed?', type: 'date', required: false},
    ],
  },
];

export function findFlow(id: string): Flow | undefined {
  return FLOWS.find((flow) => flow.id === id);
}

/** The first question of the catalogue with this type: the guide's example of the type, shown and previewed. */
export function exampleQuestion(type: QuestionType): FlowQuestion {
  for (const flow of FLOWS) {
    const question = flow.questions.find((q) => q.type === type);
    if (question) return question;
  }
  throw new Error(`no built-in flow asks a ${type} question`);
}
