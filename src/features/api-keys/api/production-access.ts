import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {useWriteThenReload} from '@site/src/hooks/use-write-then-reload';
import type {ProductionAccessBody, ProductionAccessResponse} from '@intakekit/contract/schemas/production-access';

export type ProductionAccess = ProductionAccessResponse;
export const PRODUCTION_ACCESS_PATH = '/api/team/production-access';

/** Where the team stands on production keys; nothing is asked for a user without a team. */
export function useProductionAccess(hasTeam: boolean) {
  return useSWR<ProductionAccess>(hasTeam ? PRODUCTION_ACCESS_PATH : null, (path: string) =>
    apiClient.get<ProductionAccess>(path),
  );
}

/** POST /api/team/production-access (the owner), then the state is read again. */
export function useRequestProductionAccess() {
  return useWriteThenReload(PRODUCTION_ACCESS_PATH, (body: ProductionAccessBody) =>
    apiClient.post<ProductionAccess>(PRODUCTION_ACCESS_PATH, body),
  );
}
