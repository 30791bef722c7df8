/**
 * What becomes of a certificate's recipient when an admin issues it or changes its address: the holder
 * when an account with that confirmed address exists (the SQL triggers link it), otherwise an invitation
 * through the auth service (GoTrue `POST /invite`). A failed invitation never undoes the certificate:
 * the answer says it failed and the admin can send it again (POST /certificates/{id}/invite).
 */
import type { RecipientResult, ResendInvitationResponse } from '../../_shared/api-contract.ts';
import { asCaller } from '../../_shared/db.ts';
import { HttpError } from '../../_shared/errors.ts';
import type { SignedIn } from '../context.ts';
import type { AppDeps } from '../deps.ts';

/** An invitation is sent again at most once a minute per address (GoTrue's default max_frequency). */
export const INVITE_RESEND_SECONDS = 60;

export const NO_RECIPIENT: RecipientResult = { recipient: null, holderName: null, invitationError: null };

interface RecipientFields {
  recipient_email: string | null;
  recipient_name: string | null;
  holder_id: string | null;
}

interface Account {
  id: string;
  confirmed: boolean;
  invited_at: Date | null;
}

/**
 * The auth account of an address. auth.users belongs to the auth service and is only read here;
 * SUPABASE_DB_URL is the database owner's connection, locally and on hosted projects.
 */
async function findAccount(deps: AppDeps, email: string): Promise<Account | undefined> {
  const [account] = await deps.sql<Account[]>`
    select id, email_confirmed_at is not null as confirmed, invited_at
    from auth.users where lower(email) = ${email} and deleted_at is null
    limit 1`;
  return account;
}

/** The name the app shows for a user: first and last name, else the username, else the e-mail. */
async function displayNameOf(deps: AppDeps, authId: string): Promise<string | null> {
  const [profile] = await deps.sql<
    { firstname: string | null; lastname: string | null; username: string | null; email: string }[]
  >`select firstname, lastname, username, email from public.profiles where auth_id = ${authId}`;
  if (!profile) return null;
  return [profile.firstname, profile.lastname].filter(Boolean).join(' ') || profile.username || profile.email;
}

/** The invitation's user metadata: the profile trigger takes first_name/last_name from it. */
export function invitationData(recipientName: string | null): Record<string, string> {
  const words = (recipientName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  const [first, ...rest] = words as [string, ...string[]];
  return rest.length > 0
    ? { full_name: words.join(' '), first_name: first, last_name: rest.join(' ') }
    : { full_name: first, first_name: first };
}

const holder = async (deps: AppDeps, authId: string): Promise<RecipientResult> => ({
  recipient: 'holder',
  holderName: await displayNameOf(deps, authId),
  invitationError: null,
});

/** Mails the invitation; every failure becomes `invitation_failed` with a reason the admin can read. */
async function invite(
  deps: AppDeps,
  email: string,
  recipientName: string | null,
  redirectTo: string | undefined,
): Promise<RecipientResult> {
  try {
    const refusal = await deps.authAdmin.invite(email, { redirectTo, data: invitationData(recipientName) });
    if (!refusal) return { recipient: 'invited', holderName: null, invitationError: null };
    if (refusal.code === 'email_exists') {
      // Confirmed between the lookup and the invitation: the trigger made that account the holder.
      const account = await findAccount(deps, email);
      if (account) return holder(deps, account.id);
    }
    console.error('api: invitation refused', refusal.status, refusal.code, refusal.message);
    return {
      recipient: 'invitation_failed',
      holderName: null,
      invitationError: `The auth service refused the invitation: ${refusal.message}`,
    };
  } catch (error) {
    console.error('api: invitation failed', error);
    return {
      recipient: 'invitation_failed',
      holderName: null,
      invitationError: 'The auth service could not be reached to send the invitation',
    };
  }
}

/**
 * After an issue or a change of address: the holder, an invitation, or why neither. An address whose
 * owner signed up but has not confirmed gets no invitation: its own confirmation links the certificate.
 */
export async function resolveRecipient(
  deps: AppDeps,
  certificate: RecipientFields,
  redirectTo: string | undefined,
): Promise<RecipientResult> {
  const email = certificate.recipient_email;
  if (!email) return NO_RECIPIENT;
  if (certificate.holder_id) return holder(deps, certificate.holder_id);
  const account = await findAccount(deps, email);
  if (account?.confirmed) return holder(deps, account.id);
  if (account && !account.invited_at) {
    return { recipient: 'unconfirmed', holderName: null, invitationError: null };
  }
  return invite(deps, email, certificate.recipient_name, redirectTo);
}

/** POST /certificates/{id}/invite (admin): the invitation again, for a recipient who has not accepted yet. */
export async function resendInvitation(
  deps: AppDeps,
  user: SignedIn,
  id: string,
  redirectTo: string | undefined,
): Promise<ResendInvitationResponse> {
  const [certificate] = await asCaller(
    deps.sql,
    user,
    (tx) => tx<RecipientFields[]>`
      select recipient_email, recipient_name, holder_id from public.certificates where id = ${id}`,
  );
  if (!certificate) throw new HttpError(404, 'Certificate not found');
  const email = certificate.recipient_email;
  if (!email) throw new HttpError(400, 'This certificate has no recipient e-mail to invite');
  const account = await findAccount(deps, email);
  if (certificate.holder_id || account?.confirmed) {
    throw new HttpError(409, 'The recipient already has an account; no invitation is needed');
  }
  if (account && !account.invited_at) {
    throw new HttpError(
      409,
      'Someone signed up with this address and has not confirmed it yet; the certificate is theirs once they do',
    );
  }
  if (account?.invited_at) {
    const wait = Math.ceil((account.invited_at.getTime() + INVITE_RESEND_SECONDS * 1000 - Date.now()) / 1000);
    if (wait > 0) {
      throw new HttpError(
        429,
        `An invitation was sent to ${email} moments ago. Please try again in ${wait} second${wait === 1 ? '' : 's'}.`,
        { retryAfter: wait },
        { 'Retry-After': String(wait) },
      );
    }
  }
  const result = await invite(deps, email, certificate.recipient_name, redirectTo);
  if (result.recipient === 'invitation_failed')
    throw new HttpError(502, result.invitationError ?? 'Invitation failed');
  return { message: `Invitation sent to ${email}`, ...result };
}
