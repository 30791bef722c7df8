import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useSession } from '@/session';
import { FullPageSpinner } from './full-page-spinner';

/** State the login page reads to return the user where they were going. */
export interface LoginRedirectState {
  from?: string;
}

/**
 * Where a private screen sends someone who is not signed in: home after a sign-out they chose, else
 * /login, and back here after signing in.
 */
function AwayFromPrivateScreen() {
  const { signedOut } = useSession();
  const location = useLocation();
  if (signedOut) return <Navigate to={paths.home} replace />;
  const state: LoginRedirectState = { from: location.pathname + location.search };
  return <Navigate to={paths.login} replace state={state} />;
}

/**
 * Renders its children for a signed-in user. Waits for the stored session to be confirmed (at most
 * 5 s); a visitor goes to /login and comes back after signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, restored } = useSession();
  if (!isSignedIn && !restored) return <FullPageSpinner />;
  if (!isSignedIn) return <AwayFromPrivateScreen />;
  return children;
}

export interface RequireAdminProps {
  children: ReactNode;
  /** Shown to a signed-in non-admin; without it they are redirected to /. */
  fallback?: ReactNode;
}

/** Renders its children for role admin (display only: the API enforces roles on its own). */
export function RequireAdmin({ children, fallback }: RequireAdminProps) {
  const { isAdmin, isSignedIn, restored } = useSession();
  if (!restored && !isAdmin) return <FullPageSpinner />;
  if (!isSignedIn) return <AwayFromPrivateScreen />;
  if (!isAdmin) return fallback ?? <Navigate to={paths.home} replace />;
  return children;
}
