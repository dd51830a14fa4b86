// The Submissions page's rules: every member sees the team's submissions (or a user without a team their own) and
// the answers of sandbox ones; a production submission's answers are health data of real patients, so only owners
// and admins open them, and only they delete submissions or change how long they are kept.
import type {KeyType} from '@intakekit/contract/api-keys';
import type {
  RetentionResponse,
  SubmissionDetailResponse,
  SubmissionListQuery,
  SubmissionListResponse,
  SubmissionSummary,
} from '@intakekit/contract/schemas/submissions-portal';
import {SUBMISSIONS_PAGE_SIZE, managesSubmissions, mayReadAnswers} from '@intakekit/contract/submissions';
import {ApiError} from '../errors.js';
import {findFlow} from '@intakekit/contract/flow-catalogue';
import type {Questionnaire} from '@medplum/fhirtypes';
import {answerPairs} from '../lib/fhir/answer-pairs.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {findSubmission, type SubmissionMeta} from '../repositories/submissions-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {ownerOf} from './api-key-bodies.js';
import {servedVersion, type FlowLookup} from './flow-cache.js';
import {
  decodeCursor,
  deleteSubmission,
  listSubmissions,
  readSubmission,
  retentionDays,
  setRetentionDays,
  type SubmissionsContext,
} from './submissions.js';

const roleOf = (user: UserWithTeam) => user.team?.role ?? null;

export function toSummary(meta: SubmissionMeta): SubmissionSummary {
  return {
    id: meta.id,
    createdAt: meta.created_at.toISOString(),
    flowId: meta.flow_id,
    flowVersion: meta.flow_version,
    environment: meta.key_type,
    origin: meta.origin,
    size: meta.size,
  };
}

/** A page of the user's (team's) submissions, newest first; an unreadable cursor is refused as a bad query. */
export async function listForUser(
  ctx: SubmissionsContext,
  user: UserWithTeam,
  query: SubmissionListQuery,
): Promise<SubmissionListResponse> {
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  if (after === null) throw new ApiError('MISSING_FIELDS');
  const filter = {
    ...(query.flowId !== undefined && {flowId: query.flowId}),
    ...(query.environment !== undefined && {keyType: query.environment}),
    ...(after !== undefined && {after}),
  };
  const page = await listSubmissions(ctx, ownerOf(user), filter, SUBMISSIONS_PAGE_SIZE);
  return {submissions: page.items.map(toSummary), nextCursor: page.nextCursor};
}

/** The Questionnaire a team flow's submission answered (from memory, as sessions read it); none for a built-in flow. */
async function answeredQuestionnaire(
  flows: FlowLookup,
  owner: KeyOwner,
  meta: SubmissionMeta,
): Promise<Questionnaire | undefined> {
  if (findFlow(meta.flow_id)) return undefined;
  return (await servedVersion(flows, owner, meta.flow_id, meta.flow_version))?.view;
}

/**
 * One submission with its answers, for a reader allowed them (FORBIDDEN for a member on a production one, which
 * opens nothing). SUBMISSION_NOT_FOUND for another owner's or a deleted one.
 */
export async function readForUser(
  ctx: SubmissionsContext,
  flows: FlowLookup,
  user: UserWithTeam,
  id: string,
): Promise<SubmissionDetailResponse> {
  const owner = ownerOf(user);
  // The metadata first: a reader refused the answers gets them not even opened.
  const row = await findSubmission(ctx.db, owner, id);
  if (row && !mayReadAnswers(roleOf(user), row.key_type)) throw new ApiError('FORBIDDEN');
  const stored = row && (await readSubmission(ctx, owner, id));
  if (!stored) throw new ApiError('SUBMISSION_NOT_FOUND');
  return {
    submission: toSummary(stored.meta),
    answers: answerPairs(stored.questionnaireResponse, await answeredQuestionnaire(flows, owner, stored.meta)),
    questionnaireResponse: stored.questionnaireResponse as SubmissionDetailResponse['questionnaireResponse'],
  };
}

/**
 * Deletes one of the user's (team's) submissions and answers what it was, for the activity log, and whether its
 * submission.deleted event was written.
 */
export async function deleteForUser(
  ctx: SubmissionsContext,
  user: UserWithTeam,
  id: string,
): Promise<{summary: SubmissionSummary; announced: boolean}> {
  if (!managesSubmissions(roleOf(user))) throw new ApiError('FORBIDDEN');
  const owner = ownerOf(user);
  const row = await findSubmission(ctx.db, owner, id);
  const deleted = row && (await deleteSubmission(ctx, owner, id));
  if (!row || !deleted) throw new ApiError('SUBMISSION_NOT_FOUND');
  return {summary: toSummary(row), announced: deleted.announced};
}

export async function retentionFor(ctx: SubmissionsContext, user: UserWithTeam): Promise<RetentionResponse> {
  return {retention: await retentionDays(ctx.db, ownerOf(user)), canChange: managesSubmissions(roleOf(user))};
}

export async function changeRetention(
  ctx: SubmissionsContext,
  user: UserWithTeam,
  keyType: KeyType,
  days: number,
): Promise<RetentionResponse> {
  if (!managesSubmissions(roleOf(user))) throw new ApiError('FORBIDDEN');
  await setRetentionDays(ctx.db, ctx.config, ownerOf(user), keyType, days);
  return retentionFor(ctx, user);
}
