import {create} from 'zustand';
import {apiClient, isApiError, type ApiClient} from '@site/src/lib/api-client';
import {TURNSTILE_PLACEHOLDER_TOKEN} from '@intakekit/contract/constants';
import {normalizeEmail} from '@site/src/lib/validation';
import {isSessionEndCode, type SessionEndCode} from '@intakekit/contract/sessions';
import type {
  LoginBody,
  LoginResponse,
  SignedInResponse,
  TwoFactorChallengeResponse,
  TwoFactorLoginBody,
  UserResponse,
} from '@intakekit/contract/schemas/auth';
import type {UserBody} from '@intakekit/contract/schemas/common';
import type {PasskeyAuthenticationOptions, PasskeySignInBody} from '@intakekit/contract/schemas/passkeys';
import {getPasskey} from '@site/src/lib/passkeys';

/** The user as the portal holds it: GET /api/auth/me's answer. */
export type User = UserBody;

/** What the password step of a sign-in gives: the signed-in user, or the challenge of the code step. */
export type SignInResult =
  {user: User; challenge?: undefined} | {user?: undefined; challenge: TwoFactorChallengeResponse};

export interface AuthState {
  token: string | null;
  user: User | null;
  /** True until the stored token has been checked: server render and first paint show the loading state. */
  loading: boolean;
  /** The API could not be reached (or failed) while a token is stored: offer a retry. */
  serverError: boolean;
  /** Derived: token && user. */
  authenticated: boolean;
  /** init() has run in this page. */
  initialized: boolean;
  /** Why the last session ended, when the API said (a 401 with SESSION_IDLE...): the sign-in page says it. */
  sessionEnded: {code: SessionEndCode; message: string} | null;

  /** Read the stored token (browser only: call from an effect) and load the user. */
  init(): Promise<void>;
  /**
   * Start GET /api/auth/me now, before React has hydrated; the next init() uses that answer instead of
   * asking again. State is left untouched, so hydration still sees the server's loading state.
   */
  prefetchUser(): void;
  /** Clear serverError and fetch the user again. */
  retry(): Promise<void>;
  /** Fetch the user again on demand (after a profile change...). */
  refreshUser(): Promise<User | null>;
  /**
   * Sign in: stores the token and the user, or (two-factor on) answers the challenge that
   * completeTwoFactor() spends. Throws the ApiError of the call.
   */
  login(credentials: {email: string; password: string}): Promise<SignInResult>;
  /** The code step of a sign-in: stores the token and the user. Throws the ApiError of the call. */
  completeTwoFactor(input: TwoFactorLoginBody): Promise<User>;
  /**
   * A passkey sign-in: the browser's prompt for the options of POST /api/auth/login/passkey/options, then its
   * answer. With the challenge of a password step, it is that sign-in's second step. Throws the ApiError of a
   * call or the PasskeyPromptError of the browser.
   */
  signInWithPasskey(challengeToken?: string): Promise<User>;
  /** Clears local state, then POST /api/auth/logout with the token it had. The caller clears the SWR cache. */
  logout(): Promise<void>;
  setToken(token: string | null): void;
}

const isAuthRefusal = (error: unknown) => isApiError(error) && (error.status === 401 || error.status === 403);

export function createAuthStore(client: ApiClient = apiClient) {
  // The answer prefetchUser() asked for, and the token it belongs to.
  let early: {token: string; answer: Promise<UserResponse>} | null = null;
  const store = create<AuthState>()((set, get) => {
    type Data = Pick<AuthState, 'token' | 'user' | 'loading' | 'serverError' | 'initialized' | 'sessionEnded'>;
    const update = (partial: Partial<Data>) =>
      set((state) => {
        const next = {...state, ...partial};
        return {...partial, authenticated: Boolean(next.token && next.user)};
      });

    const clearSession = () => {
      client.storage.remove();
      update({token: null, user: null, loading: false, serverError: false});
    };

    const takeEarly = (token: string) => {
      const answer = early?.token === token ? early.answer : null;
      early = null;
      return answer;
    };

    /** GET /api/auth/me with the stored token: 401/403 clear, anything else keeps the token and flags serverError. */
    const loadUser = async (): Promise<User | null> => {
      const token = client.storage.get();
      if (!token) {
        early = null;
        update({token: null, user: null, loading: false, serverError: false});
        return null;
      }
      update({token, loading: true, serverError: false});
      try {
        const {user} = await (takeEarly(token) ?? client.get<UserResponse>('/api/auth/me'));
        update({user, loading: false, serverError: false});
        return user;
      } catch (error) {
        if (isAuthRefusal(error)) clearSession();
        else update({loading: false, serverError: true});
        return null;
      }
    };

    /** Stores a session that a sign-in answered. */
    const signedIn = async (response: SignedInResponse): Promise<User> => {
      client.storage.set(response.token);
      update({token: response.token, initialized: true, sessionEnded: null});
      // The schema says the answer carries the user; an answer with only the token still signs in.
      if (response.user) {
        update({user: response.user, loading: false, serverError: false});
        return response.user;
      }
      const user = await loadUser();
      if (!user) throw new Error('Signed in, but the account could not be loaded.');
      return user;
    };

    return {
      token: null,
      user: null,
      loading: true,
      serverError: false,
      authenticated: false,
      initialized: false,
      sessionEnded: null,

      async init() {
        if (get().initialized) return;
        update({initialized: true});
        await loadUser();
      },

      prefetchUser() {
        const token = client.storage.get();
        if (!token || early || get().initialized) return;
        const answer = client.get<UserResponse>('/api/auth/me');
        // Handled by the init() that takes it; this only keeps an early failure from being reported as unhandled.
        answer.catch(() => undefined);
        early = {token, answer};
      },

      async retry() {
        update({serverError: false, loading: true});
        await loadUser();
      },

      async refreshUser() {
        if (!client.storage.get()) return null;
        try {
          const {user} = await client.get<UserResponse>('/api/auth/me');
          update({user, serverError: false});
          return user;
        } catch (error) {
          // A refused session signs the user out; a passing failure leaves the loaded user in place.
          if (isAuthRefusal(error)) clearSession();
          return null;
        }
      },

      async login({email, password}) {
        const body: LoginBody = {email: normalizeEmail(email), password, turnstileToken: TURNSTILE_PLACEHOLDER_TOKEN};
        const response = await client.post<LoginResponse>('/api/auth/login', body);
        if ('twoFactorRequired' in response) return {challenge: response};
        return {user: await signedIn(response)};
      },

      async completeTwoFactor(input) {
        return signedIn(await client.post<SignedInResponse>('/api/auth/login/two-factor', input));
      },

      async signInWithPasskey(challengeToken) {
        const token = challengeToken ? {challengeToken} : {};
        const options = await client.post<PasskeyAuthenticationOptions>('/api/auth/login/passkey/options', token);
        const credential = await getPasskey(options);
        const body: PasskeySignInBody = {credential, ...token};
        return signedIn(await client.post<SignedInResponse>('/api/auth/login/passkey', body));
      },

      async logout() {
        const token = client.storage.get();
        // Forgotten here first: a page left or a tab closed right after 'Log out' must not stay signed in.
        clearSession();
        if (!token) return;
        try {
          await client.post('/api/auth/logout', undefined, {token, keepalive: true});
        } catch {
          // Signed out here whatever the server answered.
        }
      },

      setToken(token) {
        if (token) client.storage.set(token);
        else client.storage.remove();
        update(token ? {token} : {token: null, user: null});
      },
    };
  });

  // The client swaps tokens (x-new-token) and drops them (401) on its own; mirror that here.
  client.subscribe((event) => {
    if (event.type === 'token') {
      // A token the server rotated while answering the early call still belongs to that answer.
      if (early) early = {...early, token: event.token};
      store.setState({token: event.token});
    } else {
      const ended = isSessionEndCode(event.code) && event.message ? {code: event.code, message: event.message} : null;
      if (store.getState().token || store.getState().user || ended) {
        store.setState({token: null, user: null, authenticated: false, ...(ended && {sessionEnded: ended})});
      }
    }
  });

  return store;
}

export type AuthStore = ReturnType<typeof createAuthStore>;

/** The portal's auth store. */
export const useAuthStore = createAuthStore();
