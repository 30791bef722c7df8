export { SessionProvider } from './session-provider';
export { useSession, type UseSession } from './use-session';
export {
  EMPTY_USER,
  RESTORE_TIMEOUT_MS,
  SESSION_STORAGE_KEY,
  createSessionStore,
  sessionStore,
  type SessionState,
  type SessionStore,
} from './session-store';
