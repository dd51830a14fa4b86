/**
 * The contract's list of common passwords, fetched as a chunk of its own the first time a password is typed or a
 * form with a new password is checked, so the sign-in and sign-up pages do not carry it on their first visit. Until
 * it arrives nothing reads as common; the API refuses a common password either way.
 */
import {ERROR_CATALOGUE} from '@intakekit/contract/errors';

type CommonPasswords = typeof import('@intakekit/contract/common-passwords');

let list: CommonPasswords | undefined;
let loading: Promise<void> | undefined;
const listeners = new Set<() => void>();

/** Fetches the list once; a failed fetch is tried again on the next call. */
export function loadCommonPasswords(): Promise<void> {
  loading ??= import('@intakekit/contract/common-passwords').then(
    (loaded) => {
      list = loaded;
      for (const listener of listeners) listener();
    },
    () => {
      loading = undefined;
    },
  );
  return loading;
}

/** Whether the list has arrived (a snapshot for useSyncExternalStore). */
export function commonPasswordsLoaded(): boolean {
  return list !== undefined;
}

/** Calls `listener` when the list arrives; returns the unsubscribe function. */
export function onCommonPasswordsLoaded(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** On the list as far as it is known: false until the list has arrived. */
export function isKnownCommonPassword(password: string): boolean {
  return list?.isCommonPassword(password) ?? false;
}

/** The API's refusal of a common password, in its words, or null (also while the list has not arrived). */
export function commonPasswordMessage(password: string): string | null {
  return isKnownCommonPassword(password) ? ERROR_CATALOGUE.PASSWORD_TOO_COMMON.message : null;
}
