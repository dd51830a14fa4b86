// A team flow as the API shows it: its status, title and versions from the repositories' rows, and what the
// activity log names it by.
import type {FlowDetail, FlowSummary, FlowVersionSummary} from '@intakekit/contract/schemas/flows';
import {questionnaireInFhirOrder} from '@intakekit/contract/questionnaire/export';
import type {FlowStatus} from '@intakekit/contract/team-flows';
import type {FlowVersionRow} from '../repositories/flow-versions-repository.js';
import type {FlowRow} from '../repositories/flows-repository.js';

/** The Questionnaire's title, or the flow id without one. */
export function flowTitle(row: {flowId: string; draft: object}): string {
  const title = (row.draft as {title?: unknown}).title;
  return typeof title === 'string' && title.trim() !== '' ? title.trim() : row.flowId;
}

export function flowStatus(row: Pick<FlowRow, 'archivedAt' | 'latestVersion'>): FlowStatus {
  if (row.archivedAt) return 'archived';
  return row.latestVersion === null ? 'draft' : 'published';
}

const latest = (...dates: Array<Date | null>): Date =>
  new Date(Math.max(...dates.filter((date): date is Date => date !== null).map((date) => date.getTime())));

export function toFlowSummary(row: FlowRow, sessionsLast7Days: number): FlowSummary {
  return {
    flowId: row.flowId,
    title: flowTitle(row),
    status: flowStatus(row),
    latestVersion: row.latestVersion,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    hasUnpublishedChanges: row.latestVersion === null || !row.draftPublished,
    sessionsLast7Days,
    updatedAt: latest(row.draftUpdatedAt, row.publishedAt, row.archivedAt).toISOString(),
  };
}

export function toVersionSummary(row: FlowVersionRow): FlowVersionSummary {
  return {number: row.number, publishedAt: row.publishedAt.toISOString(), publishedBy: row.publishedBy, note: row.note};
}

export function toFlowDetail(row: FlowRow, versions: FlowVersionRow[], sessionsLast7Days: number): FlowDetail {
  return {
    ...toFlowSummary(row, sessionsLast7Days),
    draft: questionnaireInFhirOrder(row.draft) as FlowDetail['draft'],
    draftUpdatedAt: row.draftUpdatedAt.toISOString(),
    draftUpdatedBy: row.draftUpdatedBy,
    versions: versions.map(toVersionSummary),
  };
}

/** A flow as the activity log names it: its title (shortened) and id, and the version a publish made. */
export function flowTarget(flow: {flowId: string; draft: object}, version?: number) {
  const title = flowTitle(flow);
  const shown = title.length > 80 ? `${title.slice(0, 80)}…` : title;
  const what = version === undefined ? flow.flowId : `${flow.flowId}, version ${version}`;
  return {type: 'flow' as const, id: flow.flowId, label: title === flow.flowId ? what : `${shown} (${what})`};
}
