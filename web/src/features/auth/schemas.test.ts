import { describe, expect, it } from 'vitest';
import { schemaValidator } from '@/lib/schema-validator';
import { AUTH_MESSAGES, loginSchema, registerSchema } from './schemas';

const validateLogin = schemaValidator(loginSchema);
const validateRegister = schemaValidator(registerSchema);

describe('login validation', () => {
  it('requires email and password with the spec messages', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: AUTH_MESSAGES.emailRequired,
      password: AUTH_MESSAGES.passwordRequired,
    });
  });

  it('checks the simple email form and the password length', () => {
    expect(validateLogin({ email: 'ada@example', password: '12345' })).toEqual({
      email: 'Please enter a valid email',
      password: 'Password must be at least 6 characters',
    });
    expect(validateLogin({ email: 'ada @example.com', password: '123456' })).toEqual({
      email: 'Please enter a valid email',
    });
  });

  it('accepts a valid pair', () => {
    expect(validateLogin({ email: 'ada@example.com', password: '123456' })).toEqual({});
  });
});

describe('register validation', () => {
  it('requires names of at least 2 characters after trimming', () => {
    expect(validateRegister({ firstname: '', lastname: '  ', email: 'a@b.co', password: 'secret1' })).toEqual(
      {
        firstname: 'First name is required',
        lastname: 'Last name is required',
      },
    );
    expect(
      validateRegister({ firstname: ' A ', lastname: 'B', email: 'a@b.co', password: 'secret1' }),
    ).toEqual({
      firstname: 'First name must be at least 2 characters',
      lastname: 'Last name must be at least 2 characters',
    });
  });

  it('applies the login rules to email and password', () => {
    expect(validateRegister({ firstname: 'Ada', lastname: 'Lovelace', email: '', password: '123' })).toEqual({
      email: 'Email is required',
      password: 'Password must be at least 6 characters',
    });
    expect(
      validateRegister({
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        password: '123456',
      }),
    ).toEqual({});
  });
});
