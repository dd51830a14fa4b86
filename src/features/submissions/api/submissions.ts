import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import {apiClient} from '@site/src/lib/api-client';
import type {
  RetentionBody,
  RetentionResponse,
  SubmissionDetailResponse,
  SubmissionListResponse,
} from '@intakekit/contract/schemas/submissions-portal';
import {submissionsQuery, type SubmissionFilters} from '../lib/filters';

export const SUBMISSIONS_PATH = '/api/submissions';
export const RETENTION_PATH = '/api/submissions/retention';

/** GET /api/submissions a page at a time (each page's nextCursor asks for the next), with the filters. */
export function useSubmissions(filters: SubmissionFilters) {
  return useSWRInfinite<SubmissionListResponse>(
    (index, previous: SubmissionListResponse | null) => {
      if (previous && !previous.nextCursor) return null;
      return `${SUBMISSIONS_PATH}${submissionsQuery(filters, index === 0 ? null : previous?.nextCursor)}`;
    },
    {revalidateFirstPage: false},
  );
}

/**
 * One submission with its answers, fetched only when `id` is given (null: a production submission whose answers
 * the reader may not see, so nothing is asked). Read once: each read of production answers is logged.
 */
export function useSubmission(id: string | null) {
  return useSWR<SubmissionDetailResponse>(id ? `${SUBMISSIONS_PATH}/${encodeURIComponent(id)}` : null, {
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
}

export function deleteSubmission(id: string): Promise<void> {
  return apiClient.del<void>(`${SUBMISSIONS_PATH}/${encodeURIComponent(id)}`);
}

export function useRetention() {
  return useSWR<RetentionResponse>(RETENTION_PATH);
}

export function setRetention(body: RetentionBody): Promise<RetentionResponse> {
  return apiClient.patch<RetentionResponse>(RETENTION_PATH, body);
}
