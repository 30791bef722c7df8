import { useEffect, type ReactNode } from 'react';
import { ApiError } from '@/api/client';
import { getSessionUser, onAuthStateChange, sessionUserForSession } from '@/api/auth';
import { RESTORE_TIMEOUT_MS, SESSION_STORAGE_KEY, sessionStore } from './session-store';

async function restore(): Promise<void> {
  const timer = setTimeout(() => sessionStore.markRestored(), RESTORE_TIMEOUT_MS);
  try {
    const user = await getSessionUser();
    if (user) sessionStore.setUser(user);
    else sessionStore.clearUser();
  } catch (error) {
    // The auth server refusing the account ends the session; a network failure keeps the stored user.
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) sessionStore.clearUser();
    console.warn('Could not confirm the stored session:', error);
  } finally {
    clearTimeout(timer);
    sessionStore.markRestored();
  }
}

/**
 * Confirms the persisted user against the auth session on start, then follows session changes:
 * sign-out elsewhere, the confirmation link's sign-in, other tabs.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void restore();

    const unsubscribe = onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT') {
        sessionStore.clearUser();
        return;
      }
      if (event !== 'SIGNED_IN' || !session || session.user.id === sessionStore.getState().user.id) return;
      // supabase-js deadlocks if its own calls run inside this callback, hence the deferral.
      setTimeout(() => {
        sessionUserForSession(session).then(
          (user) => sessionStore.setUser(user),
          (error: unknown) => console.warn('Could not load the signed-in profile:', error),
        );
      }, 0);
    });

    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_STORAGE_KEY) sessionStore.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  return children;
}
