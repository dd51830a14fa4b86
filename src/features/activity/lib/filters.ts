// The activity page's filters as the API's query string (one place, for the list and its export).
import type {ActivityAction} from '@intakekit/contract/activity';

export interface ActivityFilters {
  action: ActivityAction | '';
  actorId: string;
  /** YYYY-MM-DD (UTC), both ends included; '' for no bound. */
  from: string;
  to: string;
}

export const NO_FILTERS: ActivityFilters = {action: '', actorId: '', from: '', to: ''};

export function activityQuery(filters: ActivityFilters, before?: string | null): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (before) params.set('before', before);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The client's check of the API's rule: a start on or before the end (ISO days compare as text). */
export function datesInOrder(filters: Pick<ActivityFilters, 'from' | 'to'>): boolean {
  return !filters.from || !filters.to || filters.from <= filters.to;
}
