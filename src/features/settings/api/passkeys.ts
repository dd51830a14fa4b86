import useSWR from 'swr';
import {apiClient} from '@site/src/lib/api-client';
import {createPasskey} from '@site/src/lib/passkeys';
import type {
  AddPasskeyBody,
  PasskeyBody,
  PasskeyListResponse,
  PasskeyRegistrationOptions,
} from '@intakekit/contract/schemas/passkeys';

export type Passkey = PasskeyBody;

export const PASSKEYS_PATH = '/api/auth/passkeys';

/** GET /api/auth/passkeys: the account's passkeys, oldest first. */
export function usePasskeys() {
  return useSWR<PasskeyListResponse>(PASSKEYS_PATH);
}

/**
 * Adds a passkey: the password opens the browser's prompt (POST /api/auth/passkeys/options), and its answer is
 * stored (POST /api/auth/passkeys). Throws the ApiError of either call, or PasskeyPromptError from the browser.
 */
export async function addPasskey(input: {password: string; name: string}): Promise<Passkey> {
  const options = await apiClient.post<PasskeyRegistrationOptions>(`${PASSKEYS_PATH}/options`, {
    password: input.password,
  });
  const credential = await createPasskey(options);
  const body: AddPasskeyBody = {credential, ...(input.name.trim() && {name: input.name})};
  return apiClient.post<Passkey>(PASSKEYS_PATH, body);
}

export function renamePasskey(passkey: Passkey, name: string): Promise<Passkey> {
  return apiClient.patch<Passkey>(`${PASSKEYS_PATH}/${encodeURIComponent(passkey.id)}`, {name});
}

export function removePasskey(passkey: Passkey): Promise<void> {
  return apiClient.del<void>(`${PASSKEYS_PATH}/${encodeURIComponent(passkey.id)}`);
}
