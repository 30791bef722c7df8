import type { SessionUser } from '@/api/auth';

/** The one localStorage key the app persists under (only the user slice lives there). */
export const SESSION_STORAGE_KEY = 'certverify:root';

/** How long guarded screens wait for the stored session to be confirmed (spec section 9). */
export const RESTORE_TIMEOUT_MS = 5_000;

export const EMPTY_USER: SessionUser = {
  id: '',
  email: '',
  role: '',
  created_at: '',
  username: '',
  firstname: '',
  lastname: '',
  name: '',
};

export interface SessionState {
  user: SessionUser;
  /** True once the stored session was checked against the auth server (or the wait timed out). */
  restored: boolean;
  /**
   * True from the moment the user chose to sign out until the next sign-in: a private screen then
   * sends the user home, not to /login with a "come back here" that the next sign-in would follow.
   */
  signedOut: boolean;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Merges the given fields into the user and persists them. */
  setUser(fields: Partial<SessionUser>): void;
  /** Resets the user to the empty defaults and persists that. */
  clearUser(): void;
  /** Marks that the user chose to sign out (before the session ends, so no guard redirects back). */
  markSigningOut(): void;
  markRestored(): void;
  /** Re-reads the persisted user (another tab changed it). */
  reload(): void;
}

function readUser(storage: Storage | undefined): SessionUser {
  const raw = storage?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return EMPTY_USER;
  try {
    const parsed = JSON.parse(raw) as { user?: Record<string, unknown> };
    const user = { ...EMPTY_USER };
    for (const key of Object.keys(EMPTY_USER) as (keyof SessionUser)[]) {
      const value = parsed.user?.[key];
      if (typeof value === 'string') user[key] = value;
    }
    return user;
  } catch {
    return EMPTY_USER;
  }
}

/** A tiny external store for the signed-in user, persisted in `storage` under one root key. */
export function createSessionStore(storage: Storage | undefined): SessionStore {
  let state: SessionState = { user: readUser(storage), restored: false, signedOut: false };
  const listeners = new Set<() => void>();

  function update(next: SessionState, persist: boolean): void {
    state = next;
    if (persist) {
      try {
        storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: state.user }));
      } catch (error) {
        console.warn('Could not persist the session user:', error);
      }
    }
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setUser(fields) {
      update({ ...state, user: { ...state.user, ...fields }, signedOut: false }, true);
    },
    clearUser() {
      update({ ...state, user: EMPTY_USER }, true);
    },
    markSigningOut() {
      update({ ...state, signedOut: true }, false);
    },
    markRestored() {
      if (!state.restored) update({ ...state, restored: true }, false);
    },
    reload() {
      update({ ...state, user: readUser(storage) }, false);
    },
  };
}

/** The app's session store. */
export const sessionStore = createSessionStore(
  typeof window === 'undefined' ? undefined : window.localStorage,
);
