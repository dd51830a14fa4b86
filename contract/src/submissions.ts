/**
 * Submissions: how long a team keeps its patients' answers. Each team (or user without a team) sets it per
 * environment; past it, the API's housekeeping deletes the submission.
 */
import type {KeyType} from './api-keys.js';

/** Days a submission is kept when its owner set nothing: a week of sandbox tests, a month of production intakes. */
export const RETENTION_DAYS_DEFAULT: Readonly<Record<KeyType, number>> = {sandbox: 7, production: 30};
export const RETENTION_DAYS_MIN = 1;
export const RETENTION_DAYS_MAX = 90;

/** True for a whole number of days an owner may keep submissions for. */
export function isRetentionDays(days: unknown): days is number {
  return Number.isInteger(days) && (days as number) >= RETENTION_DAYS_MIN && (days as number) <= RETENTION_DAYS_MAX;
}

/** Submissions a page of a list shows: the portal's, and the submissions API's by default. */
export const SUBMISSIONS_PAGE_SIZE = 50;

/** A reader's place: their role in the team, or null for a user without a team (who owns their submissions). */
export type SubmissionReaderRole = 'owner' | 'admin' | 'member' | null;

/** Owners and admins, and a user without a team, delete submissions and set how long they are kept. */
export function managesSubmissions(role: SubmissionReaderRole): boolean {
  return role === null || role === 'owner' || role === 'admin';
}

/**
 * Sandbox answers are test data every member may read; production answers are real patients' health data, read
 * only by those who manage submissions.
 */
export function mayReadAnswers(role: SubmissionReaderRole, environment: KeyType): boolean {
  return environment === 'sandbox' || managesSubmissions(role);
}

/** An example of the stored resource, for the API's document and the webhooks' example bodies. */
export const QUESTIONNAIRE_RESPONSE_EXAMPLE = {
  resourceType: 'QuestionnaireResponse',
  id: '3f1c9a52-8d7e-4b61-9a0f-2c5e7d4b8a16',
  questionnaire: 'https://portal.example/fhir/Questionnaire/new-patient|1',
  status: 'completed',
  authored: '2026-11-26T14:32:05.000Z',
  item: [
    {
      linkId: 'visitReason',
      text: 'What brings you in today?',
      answer: [{valueCoding: {code: 'checkup', display: 'Annual check-up'}}],
    },
    {linkId: 'dateOfBirth', text: 'Date of birth', answer: [{valueDate: '1980-04-02'}]},
  ],
} as const;
