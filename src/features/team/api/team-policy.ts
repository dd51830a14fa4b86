import {apiClient} from '@site/src/lib/api-client';
import type {TeamSettingsBody, TeamSettingsResponse} from '@intakekit/contract/schemas/team';

/** PATCH /api/team/settings (the owner, with two-factor on): require two-factor of every member, or not. */
export function setTeamPolicy(body: TeamSettingsBody): Promise<TeamSettingsResponse> {
  return apiClient.patch<TeamSettingsResponse>('/api/team/settings', body);
}
