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
 * Renders its children for a signed-in user. Waits for the stored session to be confirmed (at most
 * 5 s); a visitor goes to /login and comes back after signing in.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isSignedIn, restored, signedOut } = useSession();
  const location = useLocation();
  if (!isSignedIn && !restored) return <FullPageSpinner />;
  if (!isSignedIn && signedOut) return <Navigate to={paths.home} replace />;
  if (!isSignedIn) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={paths.login} replace state={state} />;
  }
  return children;
}

export interface RequireAdminProps {
  children: ReactNode;
  /** Shown to a signed-in non-admin; without it they are redirected to /. */
  fallback?: ReactNode;
}

/** Renders its children for role admin (display only: the API enforces roles on its own). */
export function RequireAdmin({ children, fallback }: RequireAdminProps) {
  const { isAdmin, isSignedIn, restored, signedOut } = useSession();
  const location = useLocation();
  if (!restored && !isAdmin) return <FullPageSpinner />;
  if (!isSignedIn && signedOut) return <Navigate to={paths.home} replace />;
  if (!isSignedIn) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={paths.login} replace state={state} />;
  }
  if (!isAdmin) return fallback ?? <Navigate to={paths.home} replace />;
  return children;
}
