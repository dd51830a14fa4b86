// The team's flows, as the Flows page reads and writes them (/api/flows).
import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import type {Questionnaire} from '@intakekit/contract/questionnaire/index';
import type {
  FlowListResponse,
  FlowResponse,
  FlowSavedResponse,
  FlowVersionDocumentResponse,
  FlowVersionResponse,
  NewFlowBody,
  PublishFlowBody,
} from '@intakekit/contract/schemas/flows';

export const FLOWS_PATH = '/api/flows';

export const flowPath = (flowId: string) => `${FLOWS_PATH}/${encodeURIComponent(flowId)}`;

/** The team's flows (every member may read them) and the built-in ones. */
export function useFlows() {
  const result = useSWR<FlowListResponse>(FLOWS_PATH);
  return {...result, flows: result.data?.flows, builtIn: result.data?.builtIn};
}

/** One flow: its draft and its versions, newest first. */
export function useFlow(flowId: string) {
  const result = useSWR<FlowResponse>(flowPath(flowId));
  return {...result, flow: result.data?.flow};
}

/** A published version's document, fetched once (a version never changes). */
export function useFlowVersion(flowId: string, number: number | null) {
  return useSWR<FlowVersionDocumentResponse>(number === null ? null : `${flowPath(flowId)}/versions/${number}`, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

/** Create a flow: the list reloads afterwards. */
export function useCreateFlow() {
  return useWriteThenReload(FLOWS_PATH, (body: NewFlowBody) => apiClient.post<FlowSavedResponse>(FLOWS_PATH, body));
}

/** Save the draft, publish, archive, restore, delete: each reloads the flow afterwards. */
export function useFlowActions(flowId: string) {
  const path = flowPath(flowId);
  return {
    saveDraft: useWriteThenReload(path, (questionnaire: Questionnaire) =>
      apiClient.request<FlowSavedResponse>('PUT', `${path}/draft`, {body: {questionnaire}}),
    ),
    publish: useWriteThenReload(path, (body: PublishFlowBody) =>
      apiClient.post<FlowVersionResponse>(`${path}/publish`, body),
    ),
    archive: useWriteThenReload(path, (_: void) => apiClient.post<FlowResponse>(`${path}/archive`)),
    restore: useWriteThenReload(path, (_: void) => apiClient.post<FlowResponse>(`${path}/restore`)),
    remove: useWriteThenReload(FLOWS_PATH, (_: void) => apiClient.del<unknown>(path)),
  };
}

/** Saves the Questionnaire as the API exports it (url and version set) as `<flowId>-v<N>.json` or `-draft.json`. */
export async function downloadExport(flowId: string, version: number | 'draft'): Promise<void> {
  const document = await apiClient.get<unknown>(`${flowPath(flowId)}/export?version=${version}`);
  const url = URL.createObjectURL(new Blob([JSON.stringify(document, null, 2)], {type: 'application/fhir+json'}));
  const link = window.document.createElement('a');
  link.href = url;
  link.download = `${flowId}-${version === 'draft' ? 'draft' : `v${version}`}.json`;
  link.click();
  // Later than the click, which only starts the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
