import {useCallback} from 'react';
import {useSWRConfig} from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {KEYS_PATH} from '@site/src/lib/api/keys';
import {useAuthStore} from '@site/src/stores/auth-store';
import type {CreateTeamBody} from '@intakekit/contract/schemas/team';
import {TEAM_PATH, type TeamData} from './use-team';

/** POST /api/team (201): a team of one's own, answered as GET /api/team would show it. */
export function createTeam(body: CreateTeamBody): Promise<TeamData> {
  return apiClient.post<TeamData>(TEAM_PATH, body);
}

/**
 * Start a team: its answer is the Team page's data at once; then the signed-in user is fetched again so `user.team`
 * names it everywhere (Settings, the API Keys page), and the key list reloads (the caller's keys are the team's now).
 */
export function useCreateTeam(): (body: CreateTeamBody) => Promise<void> {
  const {mutate} = useSWRConfig();
  const refreshUser = useAuthStore((s) => s.refreshUser);
  return useCallback(
    async (body: CreateTeamBody) => {
      const team = await createTeam(body);
      await mutate(TEAM_PATH, team, {revalidate: false});
      await refreshUser();
      void mutate(KEYS_PATH);
    },
    [mutate, refreshUser],
  );
}
