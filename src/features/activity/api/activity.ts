import useSWRInfinite from 'swr/infinite';
import {apiClient} from '@site/src/lib/api-client';
import type {ActivityListResponse} from '@intakekit/contract/schemas/activity';
import {activityQuery, type ActivityFilters} from '../lib/filters';

/** GET /api/activity a page at a time (each page's nextCursor asks for the next), with the filters. */
export function useActivity(filters: ActivityFilters) {
  return useSWRInfinite<ActivityListResponse>(
    (index, previous: ActivityListResponse | null) => {
      if (previous && !previous.nextCursor) return null;
      return `/api/activity${activityQuery(filters, index === 0 ? null : previous?.nextCursor)}`;
    },
    {revalidateFirstPage: false},
  );
}

/** GET /api/activity/export: the filtered log as CSV text. */
export function exportActivity(filters: ActivityFilters): Promise<string> {
  return apiClient.get<string>(`/api/activity/export${activityQuery(filters)}`);
}
