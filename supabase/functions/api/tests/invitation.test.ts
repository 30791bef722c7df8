/**
 * The recipient of an issued certificate (issue 9): an existing account becomes the holder, a new
 * address gets the auth service's invitation mail, whose link confirms the address and so links the
 * certificate; a failed invitation leaves the certificate issued and can be sent again.
 */
import assert from 'node:assert/strict';
import { createClient } from '@supabase/supabase-js';
import type {
  CertificateDetailResponse,
  CertificateFieldsUpdateResponse,
  IssueCertificateResponse,
  ResendInvitationResponse,
  UserCertificatesResponse,
} from '../../_shared/api-contract.ts';
import { ANON_KEY, API_URL, call, db, demo, freshUser, one, test, toDataUrl, uniquePng } from './helpers.ts';

const MAILPIT_URL = (Deno.env.get('MAILPIT_URL') ?? '').replace(/\/+$/, '');
const ACCEPT_URL = 'http://127.0.0.1:3000/accept-invitation';

type Issued = IssueCertificateResponse & { error?: string };

let counter = 0;
const newAddress = (label: string) => `invite-${label}-${Date.now()}-${++counter}@example.com`;

async function issue(token: string, userId: string, fields: Record<string, unknown>) {
  return await call<Issued>('POST', '/certificates/upload-base64', {
    token,
    json: {
      fileData: toDataUrl(await uniquePng(), 'image/png'),
      userId,
      invitationRedirectTo: ACCEPT_URL,
      ...fields,
    },
  });
}

interface MailSummary {
  ID: string;
  Subject: string;
}

async function mailsTo(address: string): Promise<MailSummary[]> {
  assert.ok(MAILPIT_URL, 'MAILPIT_URL is set by scripts/with-test-stack.ts');
  const response = await fetch(`${MAILPIT_URL}/api/v1/search?query=${encodeURIComponent(`to:"${address}"`)}`);
  assert.equal(response.status, 200);
  return ((await response.json()) as { messages: MailSummary[] }).messages;
}

/** The auth service mails before it answers, so the invitation is in the outbox already. */
async function invitationLink(address: string): Promise<string> {
  const mails = await mailsTo(address);
  const mail = mails.find((m) => m.Subject === 'You have been invited');
  assert.ok(mail, `an invitation to ${address}; found ${JSON.stringify(mails)}`);
  const full = (await (await fetch(`${MAILPIT_URL}/api/v1/message/${mail.ID}`)).json()) as { Text: string };
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(full.Text)?.[0];
  assert.ok(link, full.Text);
  return link;
}

test('issued to a new address: invited, and accepting the invitation makes them the holder', async () => {
  const adminUser = await demo('admin');
  const email = newAddress('new');
  const issued = await issue(adminUser.token, adminUser.userId, {
    recipientEmail: email,
    recipientName: 'Ivy Quinn Invitee',
  });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  assert.equal(issued.body.recipient, 'invited');
  assert.equal(issued.body.invitationError, null);
  assert.equal(issued.body.certificate.holder_id, null);

  // The invited account: unconfirmed, no password, names from what the admin typed.
  const account = one(
    await db<{ id: string; invited_at: Date | null; encrypted_password: string }[]>`
    select id, invited_at, encrypted_password from auth.users where email = ${email}`,
  );
  assert.ok(account.invited_at);
  assert.equal(account.encrypted_password, '');
  const profile = one(
    await db`select firstname, lastname, username, status from public.profiles
                               where auth_id = ${account.id}`,
  );
  assert.deepEqual(
    { ...profile },
    { firstname: 'Ivy', lastname: 'Quinn Invitee', username: email.split('@')[0], status: 'pending' },
  );

  const link = await invitationLink(email);
  const url = new URL(link);
  assert.equal(url.searchParams.get('type'), 'invite');
  assert.equal(url.searchParams.get('redirect_to'), ACCEPT_URL);

  // Opening the link confirms the address: the holder trigger links the certificate, and the
  // redirect carries the session the accept-invitation page uses.
  const opened = await fetch(link, { redirect: 'manual' });
  assert.equal(opened.status, 303);
  const location = new URL(opened.headers.get('location') ?? '');
  assert.equal(`${location.origin}${location.pathname}`, ACCEPT_URL);
  const fragment = new URLSearchParams(location.hash.slice(1));
  assert.equal(fragment.get('type'), 'invite');
  const accessToken = fragment.get('access_token') ?? '';
  assert.ok(accessToken, location.hash);

  const detail = await call<CertificateDetailResponse>('GET', `/certificates/${issued.body.certificate.id}`, {
    token: adminUser.token,
  });
  assert.equal(detail.body.certificate.holder_id, account.id);
  assert.ok(detail.body.history.some((event) => event.action === 'holder_linked'));
  assert.equal(
    one(await db`select status from public.profiles where auth_id = ${account.id}`).status,
    'active',
  );

  // The new holder sees it, and chooses a password as the accept page does (PUT /user).
  const list = await call<UserCertificatesResponse>('GET', `/certificates/user/${account.id}`, {
    token: accessToken,
  });
  assert.equal(list.status, 200, JSON.stringify(list.body));
  assert.ok(list.body.certificates.some((c) => c.id === issued.body.certificate.id));
  const invited = createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const session = await invited.auth.setSession({
    access_token: accessToken,
    refresh_token: fragment.get('refresh_token') ?? '',
  });
  assert.ifError(session.error);
  assert.ifError((await invited.auth.updateUser({ password: 'chosen-password-1' })).error);
  const signIn = await invited.auth.signInWithPassword({ email, password: 'chosen-password-1' });
  assert.ifError(signIn.error);
});

test('issued to an existing account: the holder, by name, and no mail', async () => {
  const adminUser = await demo('admin');
  const holder = await freshUser('invite-holder');
  const issued = await issue(adminUser.token, adminUser.userId, { recipientEmail: holder.email });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  assert.equal(issued.body.recipient, 'holder');
  assert.equal(issued.body.holderName, 'Test invite-holder');
  assert.equal(issued.body.certificate.holder_id, holder.userId);
  assert.deepEqual(await mailsTo(holder.email), []);

  // Without a recipient nothing is said about one.
  const plain = await issue(adminUser.token, adminUser.userId, {});
  assert.equal(plain.status, 201);
  assert.equal(plain.body.recipient, null);
});

test('an address someone signed up with but has not confirmed gets no invitation', async () => {
  const adminUser = await demo('admin');
  const email = newAddress('unconfirmed');
  const visitor = createClient(API_URL, ANON_KEY, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  assert.ifError((await visitor.auth.signUp({ email, password: 'password123' })).error);
  const issued = await issue(adminUser.token, adminUser.userId, { recipientEmail: email });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  assert.equal(issued.body.recipient, 'unconfirmed');
  assert.equal(issued.body.certificate.holder_id, null);
  assert.deepEqual(
    (await mailsTo(email)).map((m) => m.Subject),
    ['Confirm your signup'],
    'only the sign-up confirmation',
  );
  const resend = await call('POST', `/certificates/${issued.body.certificate.id}/invite`, {
    token: adminUser.token,
    json: {},
  });
  assert.equal(resend.status, 409);
});

test('a failed invitation keeps the certificate; the admin sends it again, at most once a minute', async () => {
  const adminUser = await demo('admin');
  // The contract accepts this address, the auth service does not (a domain label over 63 characters).
  const refused = `someone@${'a'.repeat(64)}.example.com`;
  const issued = await issue(adminUser.token, adminUser.userId, { recipientEmail: refused });
  assert.equal(issued.status, 201, JSON.stringify(issued.body));
  assert.equal(issued.body.recipient, 'invitation_failed');
  assert.match(issued.body.invitationError ?? '', /refused the invitation/);
  const id = issued.body.certificate.id;
  const kept = await call<CertificateDetailResponse>('GET', `/certificates/${id}`, {
    token: adminUser.token,
  });
  assert.equal(kept.status, 200);
  assert.equal(kept.body.certificate.recipient_email, refused);

  const again = await call<{ error: string }>('POST', `/certificates/${id}/invite`, {
    token: adminUser.token,
    json: { invitationRedirectTo: ACCEPT_URL },
  });
  assert.equal(again.status, 502);
  assert.match(again.body.error, /refused the invitation/);

  // Correcting the address invites the new one.
  const email = newAddress('corrected');
  const patched = await call<CertificateFieldsUpdateResponse>('PATCH', `/certificates/${id}`, {
    token: adminUser.token,
    json: { recipientEmail: email, invitationRedirectTo: ACCEPT_URL },
  });
  assert.equal(patched.status, 200, JSON.stringify(patched.body));
  assert.equal(patched.body.recipient, 'invited');
  assert.equal((await mailsTo(email)).length, 1);
  // A change that leaves the address alone says nothing about the recipient and sends nothing.
  const renamed = await call<CertificateFieldsUpdateResponse>('PATCH', `/certificates/${id}`, {
    token: adminUser.token,
    json: { grade: 'B' },
  });
  assert.equal(renamed.body.recipient, null);

  const tooSoon = await call<{ error: string }>('POST', `/certificates/${id}/invite`, {
    token: adminUser.token,
    json: {},
  });
  assert.equal(tooSoon.status, 429);
  assert.ok(Number(tooSoon.headers.get('retry-after')) > 0);
  // A minute later (moved back rather than waited for).
  await db`update auth.users set invited_at = now() - interval '2 minutes' where email = ${email}`;
  const resent = await call<ResendInvitationResponse>('POST', `/certificates/${id}/invite`, {
    token: adminUser.token,
    json: { invitationRedirectTo: ACCEPT_URL },
  });
  assert.equal(resent.status, 200, JSON.stringify(resent.body));
  assert.equal(resent.body.recipient, 'invited');
  assert.equal(resent.body.message, `Invitation sent to ${email}`);
  assert.equal((await mailsTo(email)).length, 2);

  const user = await freshUser('invite-not-admin');
  const notAdmin = await call('POST', `/certificates/${id}/invite`, { token: user.token, json: {} });
  assert.equal(notAdmin.status, 403);
  const missing = await call('POST', `/certificates/${crypto.randomUUID()}/invite`, {
    token: adminUser.token,
    json: {},
  });
  assert.equal(missing.status, 404);
});
