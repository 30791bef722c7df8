import { z } from 'zod';
import { updateOwnProfileRequestSchema } from '@contract';

/** The spec's messages (section 5). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters',
  invalidCredentialsField: 'Invalid email or password',
  duplicateEmailField: 'This email is already registered.',
  passwordsDiffer: 'Passwords do not match',
} as const;

export const PASSWORD_MIN_LENGTH = 6;

/** "The simple form": something@something.something without spaces. */
const SIMPLE_EMAIL = /^\S+@\S+\.\S+$/;

const email = z
  .string()
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .regex(SIMPLE_EMAIL, AUTH_MESSAGES.emailInvalid);

const password = z
  .string()
  .min(1, AUTH_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordShort);

export const loginSchema = z.object({ email, password });
export type LoginValues = z.input<typeof loginSchema>;

/** The names' rules are Edit Profile's, from the contract (the API checks the same). */
const { firstname, lastname } = updateOwnProfileRequestSchema.shape;

export const registerSchema = z.object({ firstname, lastname, email, password });
export type RegisterValues = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

/** A new password typed twice: the register form's password rule, and the two must match. */
const newPassword = z.object({ password, confirm: z.string() });
const confirmed = (values: { password: string; confirm: string }) => values.password === values.confirm;
const CONFIRM_MISMATCH = { message: AUTH_MESSAGES.passwordsDiffer, path: ['confirm'] };

export const resetPasswordSchema = newPassword.refine(confirmed, CONFIRM_MISMATCH);
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

/** Accepting an invitation: Edit Profile's names (the contract's rules) and a new password, twice. */
export const acceptInvitationSchema = updateOwnProfileRequestSchema
  .extend(newPassword.shape)
  .refine(confirmed, CONFIRM_MISMATCH);
export type AcceptInvitationValues = z.input<typeof acceptInvitationSchema>;
