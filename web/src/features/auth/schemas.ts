import { z } from 'zod';
import { PROFILE_MESSAGES, PROFILE_NAME_MIN_LENGTH, updateOwnProfileRequestSchema } from '@contract';

/** The spec's messages (section 5). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters',
  firstNameRequired: PROFILE_MESSAGES.firstNameRequired,
  firstNameShort: PROFILE_MESSAGES.firstNameShort,
  lastNameRequired: PROFILE_MESSAGES.lastNameRequired,
  lastNameShort: PROFILE_MESSAGES.lastNameShort,
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

function name(required: string, short: string) {
  return z.string().trim().min(1, required).min(PROFILE_NAME_MIN_LENGTH, short);
}

export const loginSchema = z.object({ email, password });
export type LoginValues = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  firstname: name(AUTH_MESSAGES.firstNameRequired, AUTH_MESSAGES.firstNameShort),
  lastname: name(AUTH_MESSAGES.lastNameRequired, AUTH_MESSAGES.lastNameShort),
  email,
  password,
});
export type RegisterValues = z.input<typeof registerSchema>;

export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordValues = z.input<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .object({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirm'],
  });
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

/** Accepting an invitation: Edit Profile's names (the contract's rules) and a new password, twice. */
export const acceptInvitationSchema = updateOwnProfileRequestSchema
  .extend({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    message: AUTH_MESSAGES.passwordsDiffer,
    path: ['confirm'],
  });
export type AcceptInvitationValues = z.input<typeof acceptInvitationSchema>;
