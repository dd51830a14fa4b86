// A team's flows on the SDK's path: which version a session is served and the widget's view of it, kept in memory
// by owner and flow id under the rule keys are kept by (state-cache/): the database announces a publish, an archive,
// a restore, a rename and a delete on commit (migration 026), a notice drops the flow's entry on every process,
// and nothing is kept while the change feed is not live. A flow not found is never kept, so a new flow serves at
// once. A published version is frozen, so once read it is kept with its entry (its view serialised once); a draft
// (a preview) is read every time and never kept.
import type {Questionnaire} from '@medplum/fhirtypes';
import {widgetQuestionnaire} from '@intakekit/contract/questionnaire/widget-view';
import type {FlowRefusal} from '@intakekit/contract/flow-refusals';
import type {Db} from '../db/connect.js';
import type {KeyOwner} from '../repositories/api-keys-repository.js';
import {findDraft, findServedFlow, findVersionDocument, servedFlowIds} from '../repositories/flow-versions-read.js';
import type {ChangeFeed} from './ports/change-feed.js';
import {stateCache, type StateCache} from './state-cache/state-cache.js';

/** A version as a session serves it and a submit checks against it. */
export interface ServedVersion {
  /** flows.id: what sessions are counted by. */
  flowRowId: string;
  /** '3', or 'draft' for a preview. */
  version: string;
  /** The widget's view of the document: what the session answers, and what the answers are checked against. */
  view: Questionnaire;
  /** The view as JSON, serialised once per version. */
  viewJson: string;
}

interface FlowEntry {
  flowRowId: string;
  archived: boolean;
  latest: ServedVersion | null;
  /** Pinned versions read so far (frozen, so never stale while the entry lives). */
  pinned: Map<number, ServedVersion>;
}

export type FlowStates = StateCache<FlowEntry>;

/** At most `size` flows kept (0: none). */
export function flowStates(feed: ChangeFeed, size: number): FlowStates {
  return stateCache<FlowEntry>(feed, 'flow', size);
}

const ownerId = (owner: KeyOwner): string => ('teamId' in owner ? owner.teamId : owner.userId);

/** As migration 026's notices name a flow: `<owner uuid> <flow id>`. */
export const flowCacheKey = (owner: KeyOwner, flowId: string): string => `${ownerId(owner)} ${flowId}`;

function served(flowRowId: string, version: string, document: Questionnaire): ServedVersion {
  const view = widgetQuestionnaire(document);
  return {flowRowId, version, view, viewJson: JSON.stringify(view)};
}

async function loadEntry(db: Db, owner: KeyOwner, flowId: string): Promise<FlowEntry | undefined> {
  const row = await findServedFlow(db, owner, flowId);
  if (!row) return undefined;
  return {
    flowRowId: row.id,
    archived: row.archived,
    latest: row.latest && served(row.id, String(row.latest.number), row.latest.document),
    pinned: new Map(),
  };
}

/** What a team flow id resolves to: a version to serve, a refusal, or no such team flow (a built-in one may be). */
export type TeamFlowResolution =
  {kind: 'served'; served: ServedVersion} | {kind: 'refused'; refusal: FlowRefusal} | {kind: 'none'};

export interface FlowLookup {
  db: Db;
  flows: FlowStates;
}

/**
 * The owner's flow `flowId` at its latest published version, or at `pinned` (a number, or 'draft': the draft).
 * `archivedToo`: an archived flow's versions still take the answers of sessions it served before.
 */
export async function resolveTeamFlow(
  {db, flows}: FlowLookup,
  owner: KeyOwner,
  flowId: string,
  pinned: number | 'draft' | undefined,
  {archivedToo = false}: {archivedToo?: boolean} = {},
): Promise<TeamFlowResolution> {
  if (pinned === 'draft') {
    const row = await findDraft(db, owner, flowId);
    return row ? {kind: 'served', served: served(row.id, 'draft', row.draft)} : {kind: 'none'};
  }
  const entry = await flows.get(flowCacheKey(owner, flowId), () => loadEntry(db, owner, flowId));
  if (!entry) return {kind: 'none'};
  if (entry.archived && !archivedToo) return {kind: 'refused', refusal: {kind: 'archived'}};
  const latest = entry.latest;
  if (!latest) return {kind: 'refused', refusal: {kind: 'unpublished'}};
  if (pinned === undefined || String(pinned) === latest.version) return {kind: 'served', served: latest};
  const kept = entry.pinned.get(pinned);
  if (kept) return {kind: 'served', served: kept};
  const document = pinned < Number(latest.version) ? await findVersionDocument(db, entry.flowRowId, pinned) : undefined;
  if (!document)
    return {kind: 'refused', refusal: {kind: 'noVersion', version: pinned, latest: Number(latest.version)}};
  const version = served(entry.flowRowId, String(pinned), document);
  entry.pinned.set(pinned, version);
  return {kind: 'served', served: version};
}

/**
 * The version a session was served, by the text a token or a submission keeps ('3', or 'draft' for a preview); an
 * archived flow's versions too, since they still take the answers of the sessions they served. Undefined when there
 * is no such version.
 */
export async function servedVersion(
  lookup: FlowLookup,
  owner: KeyOwner,
  flowId: string,
  version: string,
): Promise<ServedVersion | undefined> {
  const pinned = version === 'draft' ? 'draft' : Number(version);
  if (pinned !== 'draft' && !Number.isSafeInteger(pinned)) return undefined;
  const team = await resolveTeamFlow(lookup, owner, flowId, pinned, {archivedToo: true});
  return team.kind === 'served' ? team.served : undefined;
}

/** How many of the owner's served flow ids INVALID_FLOW's message reads (it names five and counts the rest). */
const FLOW_IDS_READ = 1000;

/** The owner's flows that serve sessions, for INVALID_FLOW's message (a refusal: read every time). */
export function teamFlowIds(db: Db, owner: KeyOwner): Promise<string[]> {
  return servedFlowIds(db, owner, FLOW_IDS_READ);
}
