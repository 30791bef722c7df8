/**
 * Confirmation, invitation, recovery and email-change mails. Like GoTrue, the user row keeps only
 * `sha224(email + otp)` (the `token_hash` in the link); the mail carries the link and the 6-digit OTP.
 * Sends are limited per address (`max_frequency` since the last `*_sent_at`) and per project
 * (`email_sent` per hour, when confirmations are on).
 */
import { createHash, randomInt } from 'node:crypto';
import type { MailOutbox } from '../stack/types.ts';
import { tooManyRequests } from './errors.ts';
import type { TokenBucketLimiter } from './rate-limit.ts';
import type { Db, UserRow } from './users.ts';

export type MailKind = 'signup' | 'invite' | 'recovery' | 'email_change';

const OTP_LENGTH = 6;

export const tokenHash = (emailOrPhone: string, otp: string): string =>
  createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');

const generateOtp = () => String(randomInt(10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

const templates: Record<MailKind, { subject: string; heading: string; action: string; linkText: string }> = {
  signup: {
    subject: 'Confirm your signup',
    heading: 'Confirm your signup',
    action: 'Follow this link to confirm your email address:',
    linkText: 'Confirm your email',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'You have been invited',
    action: 'You have been invited to create a user. Follow this link to accept the invite:',
    linkText: 'Accept the invite',
  },
  recovery: {
    subject: 'Reset your password',
    heading: 'Reset your password',
    action: 'Follow this link to choose a new password:',
    linkText: 'Reset password',
  },
  email_change: {
    subject: 'Confirm your new email address',
    heading: 'Confirm your new email address',
    action: 'Follow this link to confirm the change of your email address:',
    linkText: 'Confirm new email',
  },
};

/** GoTrue's per-address throttle message; N is the whole seconds left. */
export function checkSendFrequency(sentAt: Date | null, maxFrequencySeconds: number, now = Date.now()): void {
  if (!sentAt) return;
  const readyAt = sentAt.getTime() + maxFrequencySeconds * 1000;
  if (readyAt > now) {
    const left = Math.floor((readyAt - now) / 1000);
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${left} seconds.`,
    );
  }
}

export interface MailerDeps {
  outbox: MailOutbox;
  /** `<apiUrl>/auth/v1`: where the links point (GoTrue's API_EXTERNAL_URL). */
  externalUrl: string;
  maxFrequencySeconds: number;
  /** Project-wide quota; GoTrue applies it only while confirmations are on. */
  projectQuota: TokenBucketLimiter | null;
}

export class Mailer {
  constructor(private readonly deps: MailerDeps) {}

  private async deliver(
    kind: MailKind,
    to: string,
    hash: string,
    otp: string,
    redirectTo: string,
  ): Promise<void> {
    if (this.deps.projectQuota && !this.deps.projectQuota.allow()) {
      throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    }
    const link = new URL(`${this.deps.externalUrl}/verify`);
    link.searchParams.set('token', hash);
    link.searchParams.set('type', kind);
    link.searchParams.set('redirect_to', redirectTo);
    const template = templates[kind];
    const url = link.toString();
    await this.deps.outbox.send({
      to,
      subject: template.subject,
      text: `${template.heading}\n\n${template.action}\n${url}\n\nOr enter this code: ${otp}\n`,
      html:
        `<h2>${template.heading}</h2><p>${template.action}</p>` +
        `<p><a href="${escapeHtml(url)}">${template.linkText}</a></p><p>Or enter this code: ${otp}</p>`,
    });
  }

  /** Stores a fresh confirmation token and mails it; call inside the transaction that owns the user row. */
  async sendConfirmation(db: Db, user: UserRow, redirectTo: string): Promise<void> {
    checkSendFrequency(user.confirmation_sent_at, this.deps.maxFrequencySeconds);
    const email = user.email ?? '';
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    await db`update auth.users set confirmation_token = ${hash}, confirmation_sent_at = now(), updated_at = now()
             where id = ${user.id}`;
    await this.deliver('signup', email, hash, otp, redirectTo);
  }

  /**
   * GoTrue's invitation: a fresh confirmation token, `invited_at` and the "invite" mail. Unlike the
   * other mails it has no per-address wait (an admin asks for it), only the project quota.
   */
  async sendInvite(db: Db, user: UserRow, redirectTo: string): Promise<void> {
    const email = user.email ?? '';
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    await db`update auth.users
             set confirmation_token = ${hash}, confirmation_sent_at = now(), invited_at = now(), updated_at = now()
             where id = ${user.id}`;
    await this.deliver('invite', email, hash, otp, redirectTo);
  }

  async sendRecovery(db: Db, user: UserRow, redirectTo: string): Promise<void> {
    checkSendFrequency(user.recovery_sent_at, this.deps.maxFrequencySeconds);
    const email = user.email ?? '';
    const otp = generateOtp();
    const hash = tokenHash(email, otp);
    await db`update auth.users set recovery_token = ${hash}, recovery_sent_at = now(), updated_at = now()
             where id = ${user.id}`;
    await this.deliver('recovery', email, hash, otp, redirectTo);
  }

  /** Mails the new address; the change applies when that link or OTP is verified. */
  async sendEmailChange(db: Db, user: UserRow, newEmail: string, redirectTo: string): Promise<void> {
    checkSendFrequency(user.email_change_sent_at, this.deps.maxFrequencySeconds);
    const otp = generateOtp();
    const hash = tokenHash(newEmail, otp);
    await db`update auth.users
             set email_change = ${newEmail}, email_change_token_new = ${hash}, email_change_sent_at = now(),
                 email_change_confirm_status = 0, updated_at = now()
             where id = ${user.id}`;
    await this.deliver('email_change', newEmail, hash, otp, redirectTo);
  }
}
