import type { Session, User } from '@supabase/supabase-js';
import type { UpdateOwnProfileRequest, UserRole } from '@contract';
import { getSupabase } from '@/lib/supabase';
import { ApiError, HTTP_TIMEOUT_MS, TIMEOUT_MESSAGE } from './client';
import { getMyProfile, updateMyProfile } from './users';

/** The signed-in user as the app keeps it (spec section 3); every field is a string, '' when unknown. */
export interface SessionUser {
  id: string;
  email: string;
  role: string;
  created_at: string;
  username: string;
  firstname: string;
  lastname: string;
  /** Display name: first and last name, else username, else email. */
  name: string;
}

export interface LoginInput {
  email: string;
  password: string;
}

/** Spec section 3: `message` ('Success') and `parsedUser` (has role). */
export interface LoginResponse {
  message: 'Success';
  parsedUser: SessionUser;
}

export interface RegisterInput {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
}

export interface RegisterResponse {
  message: 'Register successful';
}

/** GoTrue error codes the screens react to (spec section 8). */
export const AUTH_ERROR_CODES = {
  invalidCredentials: 'invalid_credentials',
  emailNotConfirmed: 'email_not_confirmed',
  rateLimited: 'over_email_send_rate_limit',
  userAlreadyExists: 'user_already_exists',
  userBanned: 'user_banned',
} as const;

const DUPLICATE_EMAIL_CODES = new Set(['user_already_exists', 'email_exists']);

/** Where the confirmation link sends the user back to: the app's own login page. */
export function confirmationRedirectUrl(): string {
  return `${window.location.origin}/login`;
}

interface AuthLikeError {
  message: string;
  status?: number | undefined;
  code?: string | undefined;
}

function toApiError(error: AuthLikeError, defaultMessage: string): ApiError {
  const code =
    error.code && DUPLICATE_EMAIL_CODES.has(error.code) ? AUTH_ERROR_CODES.userAlreadyExists : error.code;
  const message = error.message.trim() !== '' ? error.message : defaultMessage;
  return new ApiError(message, { status: error.status ?? 0, code, cause: error });
}

/** supabase-js has no request timeout; the spec's 20 s applies to every call the app makes. */
async function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ApiError(TIMEOUT_MESSAGE, { status: 0, code: 'timeout' })),
      HTTP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function metadataString(metadata: Record<string, unknown> | undefined, key: string): string {
  const value = metadata?.[key];
  return typeof value === 'string' ? value : '';
}

/** The contract's USER_ROLES, repeated so this entry-path module does not load zod (a test checks them). */
export const KNOWN_ROLES: readonly UserRole[] = ['user', 'moderator', 'admin'];

function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (KNOWN_ROLES as readonly string[]).includes(value);
}

/** The name the app shows for a user: first and last name, else the username, else the e-mail. */
export function displayName(firstname: string, lastname: string, username: string, email: string): string {
  return [firstname, lastname].filter(Boolean).join(' ') || username || email;
}

/**
 * The session user from the profile (`GET /users/me`). If the profile cannot be read, the auth
 * user's metadata stands in (role from app_metadata, else 'user'); the server enforces roles anyway.
 */
async function sessionUserFrom(user: User): Promise<SessionUser> {
  try {
    const { user: profile } = await getMyProfile();
    const firstname = profile.firstname ?? '';
    const lastname = profile.lastname ?? '';
    const username = profile.username ?? '';
    const email = profile.email || (user.email ?? '');
    return {
      id: user.id,
      email,
      role: profile.role,
      created_at: profile.created_at,
      username,
      firstname,
      lastname,
      name: displayName(firstname, lastname, username, email),
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) throw error;
    console.warn('Profile unavailable, using the auth user metadata instead:', error);
    const firstname = metadataString(user.user_metadata, 'firstname');
    const lastname = metadataString(user.user_metadata, 'lastname');
    const username = metadataString(user.user_metadata, 'username');
    const email = user.email ?? '';
    const appRole = user.app_metadata?.role as unknown;
    return {
      id: user.id,
      email,
      role: isUserRole(appRole) ? appRole : 'user',
      created_at: user.created_at,
      username,
      firstname,
      lastname,
      name: displayName(firstname, lastname, username, email),
    };
  }
}

/** POST /auth/login: password sign-in, then the profile for the role. */
export async function login(input: LoginInput): Promise<LoginResponse> {
  const { data, error } = await withTimeout(
    getSupabase().then((supabase) => supabase.auth.signInWithPassword(input)),
  );
  if (error) throw toApiError(error, 'Login failed');
  if (!data.user) throw new ApiError('Login failed', { status: 0 });
  try {
    return { message: 'Success', parsedUser: await sessionUserFrom(data.user) };
  } catch (profileError) {
    // A profile the API refuses (inactive or banned account) must not leave a half-signed-in session.
    await (await getSupabase()).auth.signOut({ scope: 'local' });
    throw profileError;
  }
}

/**
 * POST /auth/register: sign-up with email confirmation. The names travel as user metadata; the
 * confirmation link brings the user back to /login. GoTrue answers an already-confirmed email with
 * an obfuscated user without identities, which is reported as a duplicate.
 */
export async function register(input: RegisterInput): Promise<RegisterResponse> {
  const { data, error } = await withTimeout(
    getSupabase().then((supabase) =>
      supabase.auth.signUp({
        email: input.email,
        password: input.password,
        options: {
          data: { firstname: input.firstname.trim(), lastname: input.lastname.trim() },
          emailRedirectTo: confirmationRedirectUrl(),
        },
      }),
    ),
  );
  if (error) throw toApiError(error, 'Registration failed');
  if (data.user && Array.isArray(data.user.identities) && data.user.identities.length === 0) {
    throw new ApiError('User already registered', { status: 422, code: AUTH_ERROR_CODES.userAlreadyExists });
  }
  return { message: 'Register successful' };
}

/** Sends the sign-up confirmation mail again. */
export async function resendVerification(email: string): Promise<void> {
  const { error } = await withTimeout(
    getSupabase().then((supabase) =>
      supabase.auth.resend({
        type: 'signup',
        email,
        options: { emailRedirectTo: confirmationRedirectUrl() },
      }),
    ),
  );
  if (error) throw toApiError(error, 'Failed to resend verification email');
}

/** Where the password-reset link sends the user: the app's set-new-password page. */
export function passwordResetRedirectUrl(): string {
  return `${window.location.origin}/reset-password`;
}

/**
 * Mails a single-use password-reset link (GoTrue `POST /recover`). The answer is the same whether or
 * not the address has an account: GoTrue answers unknown addresses with success, and its per-address
 * "sent too recently" refusal (which only a known address can get) counts as success too, since a
 * link went out moments ago.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await withTimeout(
    getSupabase().then((supabase) =>
      supabase.auth.resetPasswordForEmail(email, { redirectTo: passwordResetRedirectUrl() }),
    ),
  );
  if (error && error.code !== AUTH_ERROR_CODES.rateLimited) {
    throw toApiError(error, 'Failed to send the reset link');
  }
}

/**
 * Whether this browser holds a session, e.g. the one the reset link opened (supabase-js reads it from
 * the URL before answering).
 */
export async function hasSession(): Promise<boolean> {
  return (await getSession()) !== null;
}

/**
 * Sets a new password for the signed-in user (GoTrue `PUT /user`; it ends the user's other sessions),
 * then signs out here too, so the new password is proven by signing in with it.
 */
export async function updatePassword(password: string): Promise<void> {
  const { error } = await withTimeout(
    getSupabase().then((supabase) => supabase.auth.updateUser({ password })),
  );
  if (error) throw toApiError(error, 'Failed to update the password');
  await logout();
}

export interface AcceptInvitationInput extends UpdateOwnProfileRequest {
  password: string;
}

/**
 * The invitation link signed the invited person in (GoTrue gave the account a random password):
 * they choose their password (GoTrue `PUT /user`) and their names (`PATCH /users/me`, Edit Profile's
 * rules), and stay signed in. Answers the session user with the new names.
 */
export async function acceptInvitation({ password, ...names }: AcceptInvitationInput): Promise<SessionUser> {
  const { data, error } = await withTimeout(
    getSupabase().then((supabase) => supabase.auth.updateUser({ password })),
  );
  if (error) throw toApiError(error, 'Failed to set the password');
  await updateMyProfile(names);
  return sessionUserFrom(data.user);
}

/** Ends the session on the server and in this browser; the local part happens even when offline. */
export async function logout(): Promise<void> {
  try {
    const { error } = await withTimeout(getSupabase().then((supabase) => supabase.auth.signOut()));
    if (error) throw error;
  } catch (error) {
    console.warn('Server sign-out failed; clearing the local session:', error);
    await (await getSupabase()).auth.signOut({ scope: 'local' });
  }
}

/** The stored session (refreshed first if its access token expired), or null. */
export async function getSession(): Promise<Session | null> {
  const { data, error } = await (await getSupabase()).auth.getSession();
  if (error) throw toApiError(error, 'Failed to restore the session');
  return data.session;
}

/** The signed-in user with profile, or null when there is no session. */
export async function getSessionUser(): Promise<SessionUser | null> {
  const session = await getSession();
  return session ? sessionUserFrom(session.user) : null;
}

export type AuthEvent = 'SIGNED_IN' | 'SIGNED_OUT' | 'TOKEN_REFRESHED' | 'USER_UPDATED' | 'OTHER';

/** Subscribes to session changes (other tabs, refresh, the confirmation link); returns the unsubscribe. */
export function onAuthStateChange(listener: (event: AuthEvent, session: Session | null) => void): () => void {
  const known: AuthEvent[] = ['SIGNED_IN', 'SIGNED_OUT', 'TOKEN_REFRESHED', 'USER_UPDATED'];
  let unsubscribe: (() => void) | undefined;
  let cancelled = false;
  void getSupabase().then((supabase) => {
    if (cancelled) return;
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      listener(known.includes(event as AuthEvent) ? (event as AuthEvent) : 'OTHER', session);
    });
    unsubscribe = () => data.subscription.unsubscribe();
  });
  return () => {
    cancelled = true;
    unsubscribe?.();
  };
}

/** Builds the session user for a session reported by `onAuthStateChange`. */
export function sessionUserForSession(session: Session): Promise<SessionUser> {
  return sessionUserFrom(session.user);
}
