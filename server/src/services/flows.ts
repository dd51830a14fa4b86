// Team flows: FHIR R4 Questionnaires a team (or a user without one) writes, saves as a draft and publishes as frozen
// versions the SDK serves. Every member reads them; in a team only owners and admins change them, as with webhook
// endpoints. A document is saved only without a validation error (the contract's validator, as the editor runs it).
import type {Config} from '../config.js';
import type {Db} from '../db/connect.js';
import {ApiError} from '../errors.js';
import {FLOWS, findFlow as findBuiltIn} from '@intakekit/contract/flow-catalogue';
import {
  builtInQuestionnaire,
  validateQuestionnaire,
  type QuestionnaireProblem,
} from '@intakekit/contract/questionnaire/index';
import type {FlowDetail, FlowListResponse, NewFlowBody} from '@intakekit/contract/schemas/flows';
import {
  TEAM_FLOWS_MAX,
  UNSTORABLE_TEXT_MESSAGE,
  flowUnchangedMessage,
  invalidQuestionnaireMessage,
  isBuiltInFlowId,
} from '@intakekit/contract/team-flows';
import {lockKeyOwner, type KeyOwner} from '../repositories/api-keys-repository.js';
import {sessionsLast7Days} from '../repositories/flow-sessions-repository.js';
import {insertFlowVersion, listFlowVersions} from '../repositories/flow-versions-repository.js';
import {
  countFlows,
  deleteFlowRow,
  findFlow,
  insertFlow,
  listFlows,
  lockFlow,
  setFlowArchived,
  updateFlowDraft,
  type FlowRow,
} from '../repositories/flows-repository.js';
import type {UserWithTeam} from '../repositories/users-repository.js';
import {ownerOf} from './api-key-bodies.js';
import {toFlowDetail, toFlowSummary, toVersionSummary} from './flow-bodies.js';
import {assertMayManage} from './webhook-endpoints.js';

export interface FlowsContext {
  db: Db;
  config: Pick<Config, 'now' | 'portalUrl'>;
}

export interface SavedFlow {
  flow: FlowDetail;
  /** The document's notes: what is kept but not shown by the widget. */
  problems: QuestionnaireProblem[];
}

// A NUL, or half a surrogate pair: PostgreSQL's jsonb refuses either (a 500, were it to reach the query).
const HALF_PAIR = /\p{Cs}/u;
const unstorable = (text: string): boolean => text.includes('\u0000') || HALF_PAIR.test(text);

function holdsUnstorableText(value: unknown): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (Array.isArray(value)) return value.some(holdsUnstorableText);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, entry]) => unstorable(key) || holdsUnstorableText(entry));
}

/** The document's notes; 422 INVALID_QUESTIONNAIRE with every problem in error.details when any is an error. */
export function checkedDocument(document: unknown): QuestionnaireProblem[] {
  if (holdsUnstorableText(document)) {
    throw new ApiError('INVALID_QUESTIONNAIRE', {message: UNSTORABLE_TEXT_MESSAGE, details: {problems: []}});
  }
  const {valid, problems} = validateQuestionnaire(document);
  if (valid) return problems;
  const errors = problems.filter((problem) => problem.severity === 'error');
  throw new ApiError('INVALID_QUESTIONNAIRE', {message: invalidQuestionnaireMessage(errors), details: {problems}});
}

async function sessionCounts(db: Db, rows: FlowRow[], now: Date): Promise<Map<string, number>> {
  return sessionsLast7Days(
    db,
    rows.map((row) => row.id),
    now,
  );
}

async function detail(ctx: FlowsContext, row: FlowRow): Promise<FlowDetail> {
  const [versions, sessions] = await Promise.all([
    listFlowVersions(ctx.db, row.id),
    sessionCounts(ctx.db, [row], ctx.config.now()),
  ]);
  return toFlowDetail(row, versions, sessions.get(row.id) ?? 0);
}

/** The owner's flow, or FLOW_NOT_FOUND: another team's is not found. */
export async function ownedFlow(db: Db, owner: KeyOwner, flowId: string): Promise<FlowRow> {
  const row = await findFlow(db, owner, flowId);
  if (!row) throw new ApiError('FLOW_NOT_FOUND');
  return row;
}

export async function listTeamFlows(ctx: FlowsContext, user: UserWithTeam): Promise<FlowListResponse> {
  const rows = await listFlows(ctx.db, ownerOf(user));
  const sessions = await sessionCounts(ctx.db, rows, ctx.config.now());
  return {
    flows: rows.map((row) => toFlowSummary(row, sessions.get(row.id) ?? 0)),
    builtIn: FLOWS.map(({id, name, version}) => ({id, name, version})),
  };
}

export async function showFlow(ctx: FlowsContext, user: UserWithTeam, flowId: string): Promise<FlowDetail> {
  return detail(ctx, await ownedFlow(ctx.db, ownerOf(user), flowId));
}

export async function createFlow(ctx: FlowsContext, user: UserWithTeam, body: NewFlowBody): Promise<SavedFlow> {
  assertMayManage(user);
  if ((body.template === undefined) === (body.questionnaire === undefined)) throw new ApiError('MISSING_FIELDS');
  if (isBuiltInFlowId(body.flowId)) throw new ApiError('FLOW_ID_BUILT_IN');
  const template = body.template === undefined ? undefined : findBuiltIn(body.template);
  const document = template ? builtInQuestionnaire(template) : body.questionnaire;
  const problems = checkedDocument(document);
  const owner = ownerOf(user);
  await ctx.db.transaction().execute(async (trx) => {
    await lockKeyOwner(trx, owner);
    if ((await countFlows(trx, owner)) >= TEAM_FLOWS_MAX) throw new ApiError('FLOW_LIMIT_REACHED');
    const flow = {flowId: body.flowId, draft: document, by: user.id, now: ctx.config.now()};
    if (!(await insertFlow(trx, owner, flow))) throw new ApiError('FLOW_ID_TAKEN');
  });
  return {flow: await showFlow(ctx, user, body.flowId), problems};
}

export async function saveDraft(
  ctx: FlowsContext,
  user: UserWithTeam,
  flowId: string,
  document: unknown,
): Promise<SavedFlow> {
  const existing = await ownedFlow(ctx.db, ownerOf(user), flowId);
  assertMayManage(user);
  if (existing.archivedAt) throw new ApiError('FLOW_ARCHIVED');
  const problems = checkedDocument(document);
  await updateFlowDraft(ctx.db, existing.id, document, user.id, ctx.config.now());
  return {flow: await showFlow(ctx, user, flowId), problems};
}

/** Freezes the draft as the next version; FLOW_UNCHANGED when it equals the latest. */
export async function publishFlow(ctx: FlowsContext, user: UserWithTeam, flowId: string, note: string) {
  const owner = ownerOf(user);
  await ownedFlow(ctx.db, owner, flowId);
  assertMayManage(user);
  return ctx.db.transaction().execute(async (trx) => {
    // Under the flow's lock: two publishes at once make versions N and N+1, or one FLOW_UNCHANGED.
    if (!(await lockFlow(trx, owner, flowId))) throw new ApiError('FLOW_NOT_FOUND');
    const flow = await ownedFlow(trx, owner, flowId);
    if (flow.archivedAt) throw new ApiError('FLOW_ARCHIVED');
    if (flow.latestVersion !== null && flow.draftPublished) {
      throw new ApiError('FLOW_UNCHANGED', {message: flowUnchangedMessage(flow.latestVersion)});
    }
    // Saved drafts passed the validator; a rule added since must not let one be served.
    checkedDocument(flow.draft);
    const now = ctx.config.now();
    const number = await insertFlowVersion(trx, flow.id, {publishedBy: user.id, note: note.trim(), now});
    const version = {number, publishedAt: now, publishedBy: {name: user.name, email: user.email}, note: note.trim()};
    return {flow, version: toVersionSummary(version)};
  });
}

export async function setArchived(ctx: FlowsContext, user: UserWithTeam, flowId: string, archived: boolean) {
  const flow = await ownedFlow(ctx.db, ownerOf(user), flowId);
  assertMayManage(user);
  // Archiving an archived flow (or restoring an active one) changes nothing and is not logged.
  const changed = (flow.archivedAt !== null) !== archived;
  if (changed) await setFlowArchived(ctx.db, flow.id, archived ? ctx.config.now() : null);
  return {flow: await showFlow(ctx, user, flowId), changed};
}

/** Deletes a flow never published; a published one is archived instead, so its submissions keep their version. */
export async function deleteFlow(ctx: FlowsContext, user: UserWithTeam, flowId: string) {
  const owner = ownerOf(user);
  const flow = await ownedFlow(ctx.db, owner, flowId);
  assertMayManage(user);
  await ctx.db.transaction().execute(async (trx) => {
    // A publish racing the delete: the lock orders them, and the version it made refuses the delete.
    await lockFlow(trx, owner, flowId);
    const current = await ownedFlow(trx, owner, flowId);
    if (current.latestVersion !== null) throw new ApiError('FLOW_PUBLISHED');
    await deleteFlowRow(trx, current.id);
  });
  return flow;
}
