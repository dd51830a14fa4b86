// Submissions: a patient's answers, checked against the flow the session served, stored as a FHIR R4
// QuestionnaireResponse sealed at rest, listed and read by the key's owner, kept for the owner's retention period.
// Answers are health data: nothing here logs them or puts them in an error; a refusal names question ids and rules.
import crypto from 'node:crypto';
import type {QuestionnaireResponse} from '@medplum/fhirtypes';
import {checkAnswers, invalidAnswersMessage, type Answers} from '@intakekit/contract/answers';
import type {KeyType} from '@intakekit/contract/api-keys';
import type {Environment} from '@intakekit/contract/flows';
import {RETENTION_DAYS_DEFAULT, isRetentionDays} from '@intakekit/contract/submissions';
import {checkQuestionnaireAnswers} from '@intakekit/contract/questionnaire/check-answers';
import {visibleAnswers, type QuestionnaireAnswers} from '@intakekit/contract/questionnaire/enable-when';
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {secretBox, type SecretBox} from '../lib/secret-box.js';
import {isUuid} from '../lib/uuid.js';
import {
  buildQuestionnaireResponse,
  flowQuestionnaireUrl,
  type AnsweredFlow,
} from '../lib/fhir/questionnaire-response.js';
import {buildTeamFlowResponse, type AnsweredQuestionnaire} from '../lib/fhir/team-flow-response.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {
  deleteSubmission as deleteSubmissionRow,
  findRetentionDays,
  findSubmission,
  listSubmissionMeta,
  upsertRetentionDays,
  type SubmissionFilter,
  type SubmissionMeta,
} from '../repositories/submissions-repository.js';
import {insertSubmissionOnce} from '../repositories/submission-inserts.js';
import {submissionWriter} from '../repositories/submission-writer.js';
import {newestSubmissionPage} from '../repositories/submission-page-repository.js';

export interface SubmissionsContext {
  db: Db;
  /** submissionsBox(secretKey): the answers' own subkey. */
  box: SecretBox;
  config: Pick<Config, 'now' | 'portalUrl'>;
}

/** The sealing of answers at rest: a subkey of SECRET_KEY used for nothing else. */
export function submissionsBox(secretKey: string): SecretBox {
  return secretBox(secretKey, 'submission-answers');
}

export interface NewSubmission {
  /** Omitted: the key's owner when the row is written (the SDK's submit knows the key, not its owner). */
  owner?: KeyOwner;
  keyId: string;
  keyType: KeyType;
  env: Environment;
  /** The session the answers belong to: one submission per session and key. */
  sessionId: string;
  origin: string | null;
  /** A built-in flow or a page's questions (answers by question id), or a team flow (FHIR answers by linkId). */
  flow: AnsweredFlow | AnsweredQuestionnaire;
  /** As sent: checked here against the flow's questions. */
  answers: Readonly<Record<string, unknown>>;
}

/** A stored submission; `announced`: its submission.created event was written (the caller wakes the webhooks). */
export interface RecordedSubmission {
  id: string;
  created: boolean;
  receivedAt: Date;
  announced: boolean;
}

/**
 * Checks the answers (INVALID_ANSWERS, nothing stored) and stores the submission once per session: a repeated
 * submit answers the first one's id and time with `created` false.
 */
export async function recordSubmission(ctx: SubmissionsContext, input: NewSubmission): Promise<RecordedSubmission> {
  const id = crypto.randomUUID();
  const now = ctx.config.now();
  const json = JSON.stringify(
    checkedResponse(input, {
      id,
      questionnaireUrl: flowQuestionnaireUrl(ctx.config.portalUrl, input.flow.id),
      authored: now,
    }),
  );
  const row = {
    id,
    key_id: input.keyId,
    key_type: input.keyType,
    env: input.env,
    flow_id: input.flow.id,
    flow_version: input.flow.version,
    session_id: input.sessionId,
    origin: input.origin,
    size: Buffer.byteLength(json),
    answers_ciphertext: ctx.box.seal(json, id),
    created_at: now,
  };
  // The SDK's submits (owner read from the key) join the next statement of the process's writer.
  const stored = input.owner
    ? await insertSubmissionOnce(ctx.db, row, input.owner)
    : await submissionWriter(ctx.db).write(row);
  return {id: stored.id, created: stored.created, receivedAt: stored.createdAt, announced: stored.announced};
}

/** The answers as a QuestionnaireResponse once they fit the flow; INVALID_ANSWERS (naming ids and rules) if not. */
function checkedResponse(
  input: NewSubmission,
  base: {id: string; questionnaireUrl: string; authored: Date},
): QuestionnaireResponse {
  const {flow} = input;
  if ('questionnaire' in flow) {
    const problems = checkQuestionnaireAnswers(flow.questionnaire, input.answers);
    if (problems.length > 0) throw new ApiError('INVALID_ANSWERS', {message: invalidAnswersMessage(problems)});
    // Checked: every answer of a shown question is a list of FHIR answers.
    const answers = visibleAnswers(flow.questionnaire, input.answers as QuestionnaireAnswers);
    return buildTeamFlowResponse({...base, flow, answers});
  }
  const problems = checkAnswers(flow.questions, input.answers);
  if (problems.length > 0) throw new ApiError('INVALID_ANSWERS', {message: invalidAnswersMessage(problems)});
  return buildQuestionnaireResponse({...base, flow, answers: input.answers as Answers});
}

/** The SDK submits' statements and rows so far, for /metrics: several submits arriving together share a statement. */
export function submitWriteCounts(db: Db): Readonly<{statements: number; submissions: number}> {
  return submissionWriter(db).counts;
}

export interface StoredSubmission {
  meta: SubmissionMeta;
  questionnaireResponse: QuestionnaireResponse;
}

/** One submission of the owner with its answers opened, or undefined. */
export async function readSubmission(
  ctx: SubmissionsContext,
  owner: KeyOwner,
  id: string,
  keyType?: KeyType,
): Promise<StoredSubmission | undefined> {
  // Another environment's row is never read, so its answers are never opened for a key that may not see them.
  const row = await findSubmission(ctx.db, owner, id, keyType);
  if (!row) return undefined;
  const {answers_ciphertext: sealed, ...meta} = row;
  return {meta, questionnaireResponse: JSON.parse(ctx.box.open(sealed, row.id)) as QuestionnaireResponse};
}

/** Opaque to clients: the last row's time and id. */
export function encodeCursor(row: Pick<SubmissionMeta, 'created_at' | 'id'>): string {
  return Buffer.from(`${row.created_at.toISOString()}|${row.id}`).toString('base64url');
}

/** The cursor given back, or null when it is not one this API made. */
export function decodeCursor(cursor: string): SubmissionFilter['after'] | null {
  const [time, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(time ?? '');
  if (extra !== undefined || Number.isNaN(createdAt.getTime()) || !id || !isUuid(id)) return null;
  return {createdAt, id};
}

/** A page of the owner's submissions, newest first, and the cursor of the next page (null on the last). */
export async function listSubmissions(
  ctx: SubmissionsContext,
  owner: KeyOwner,
  filter: SubmissionFilter,
  limit: number,
): Promise<{items: SubmissionMeta[]; nextCursor: string | null}> {
  const {keyType, flowId, since, after} = filter;
  const rows =
    keyType !== undefined && flowId === undefined && since === undefined && after === undefined
      ? await newestSubmissionPage(ctx.db, owner, keyType, limit + 1)
      : await listSubmissionMeta(ctx.db, owner, filter, limit + 1);
  const items = rows.slice(0, limit);
  return {items, nextCursor: rows.length > limit ? encodeCursor(items.at(-1)!) : null};
}

/**
 * Deletes the owner's submission (of this environment, when given: a server key's); undefined when there was none.
 * `announced`: its submission.deleted event was written (the caller wakes the webhooks).
 */
export function deleteSubmission(
  ctx: SubmissionsContext,
  owner: KeyOwner,
  id: string,
  keyType?: KeyType,
): Promise<{announced: boolean} | undefined> {
  return deleteSubmissionRow(ctx.db, owner, id, keyType);
}

/** How many days the owner keeps submissions, per environment (the default where it set none). */
export async function retentionDays(db: Db, owner: KeyOwner): Promise<Record<KeyType, number>> {
  return {...RETENTION_DAYS_DEFAULT, ...(await findRetentionDays(db, owner))};
}

/**
 * Sets the owner's retention for one environment. The route's schema refuses days out of bounds; this refuses them
 * again, so that no caller can store a retention the purge would misread.
 */
export async function setRetentionDays(
  db: Db,
  config: Pick<Config, 'now'>,
  owner: KeyOwner,
  keyType: KeyType,
  days: number,
): Promise<void> {
  if (!isRetentionDays(days)) throw new RangeError(`retention days out of bounds: ${days}`);
  await upsertRetentionDays(db, owner, keyType, days, config.now());
}
