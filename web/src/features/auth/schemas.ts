import { z } from 'zod';

/** The spec's messages (section 5). */
export const AUTH_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email',
  passwordRequired: 'Password is required',
  passwordShort: 'Password must be at least 6 characters',
  firstNameRequired: 'First name is required',
  firstNameShort: 'First name must be at least 2 characters',
  lastNameRequired: 'Last name is required',
  lastNameShort: 'Last name must be at least 2 characters',
  invalidCredentialsField: 'Invalid email or password',
  duplicateEmailField: 'This email is already registered.',
  passwordsDiffer: 'Passwords do not match',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

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
  return z.string().trim().min(1, required).min(NAME_MIN_LENGTH, short);
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

/**
 * A Mantine `useForm` validator from a zod schema: the first message per field, so an empty field
 * says "required" rather than also "too short".
 */
export function schemaValidator<T extends Record<string, unknown>>(schema: z.ZodType<unknown, T>) {
  return (values: T): Partial<Record<keyof T, string>> => {
    const result = schema.safeParse(values);
    if (result.success) return {};
    const errors: Partial<Record<keyof T, string>> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof T | undefined;
      if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
    }
    return errors;
  };
}
