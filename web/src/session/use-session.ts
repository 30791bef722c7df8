import { useCallback, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { logout, type SessionUser } from '@/api/auth';
import { sessionStore } from './session-store';

export interface UseSession {
  user: SessionUser;
  /** A user counts as signed in when the id is present (spec section 3). */
  isSignedIn: boolean;
  isAdmin: boolean;
  /** False until the stored session was confirmed (at most 5 s after start). */
  restored: boolean;
  /** The user chose to sign out in this tab and has not signed in since. */
  signedOut: boolean;
  /** Merges fields into the signed-in user. */
  setUser: (fields: Partial<SessionUser>) => void;
  /** Ends the session on the server, then clears the stored user and every cached query. */
  signOut: () => Promise<void>;
}

/** The signed-in user and what the screens do with it. */
export function useSession(): UseSession {
  const state = useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
  const queryClient = useQueryClient();

  const signOut = useCallback(async () => {
    // The session is gone before any screen shows the user signed out, so a page load started from
    // that screen cannot restore it (a load would also cut a sign-out still on its way short).
    sessionStore.markSigningOut();
    await logout();
    sessionStore.clearUser();
    queryClient.clear();
  }, [queryClient]);

  return {
    user: state.user,
    isSignedIn: state.user.id !== '',
    isAdmin: state.user.role === 'admin',
    restored: state.restored,
    signedOut: state.signedOut,
    setUser: sessionStore.setUser,
    signOut,
  };
}
