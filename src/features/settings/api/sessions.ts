import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import type {SessionBody, SessionListResponse, SignedOutCountResponse} from '@intakekit/contract/schemas/auth';

export type Session = SessionBody;

export const SESSIONS_PATH = '/api/auth/sessions';

/** GET /api/auth/sessions: the account's signed-in browsers, this one marked `current`. */
export function useSessions() {
  return useSWR<SessionListResponse>(SESSIONS_PATH);
}

/** DELETE /api/auth/sessions/{id}: that browser's next request is told it was signed out from here. */
export function signOutSession(session: Session): Promise<void> {
  return apiClient.del<void>(`${SESSIONS_PATH}/${encodeURIComponent(session.id)}`);
}

export async function signOutOtherSessions(): Promise<number> {
  return (await apiClient.post<SignedOutCountResponse>(`${SESSIONS_PATH}/sign-out-others`)).signedOut;
}
