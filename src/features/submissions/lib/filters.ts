// The Submissions page's filters as the API's query string.
import type {KeyType} from '@intakekit/contract/api-keys';

export interface SubmissionFilters {
  /** A built-in flow's id; '' for every flow. */
  flowId: string;
  environment: KeyType | '';
}

export const NO_FILTERS: SubmissionFilters = {flowId: '', environment: ''};

/** `?flowId=…&environment=…&cursor=…` with only what is set. */
export function submissionsQuery(filters: SubmissionFilters, cursor?: string | null): string {
  const params = new URLSearchParams();
  if (filters.flowId) params.set('flowId', filters.flowId);
  if (filters.environment) params.set('environment', filters.environment);
  if (cursor) params.set('cursor', cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}
