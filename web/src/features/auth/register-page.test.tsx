import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as auth from '@/api/auth';
import { ApiError } from '@/api/client';
import { currentPath, renderWithProviders } from '@/testing/render';
import RegisterPage from './register-page';

function renderRegister() {
  return renderWithProviders(<RegisterPage />, { route: '/register' });
}

async function fillAndSubmit(user: ReturnType<typeof renderRegister>['user']) {
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Last name/), 'Lovelace');
  await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'secret123');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('RegisterPage', () => {
  it('validates every field with the spec messages before calling the adapter', async () => {
    const register = vi.spyOn(auth, 'register');
    const { user } = renderRegister();
    await user.type(screen.getByLabelText(/First name/), ' A ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('First name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('placeholder', 'Minimum 6 characters');
    expect(register).not.toHaveBeenCalled();
  });

  it('sends the names and goes to /login two seconds after the toast', async () => {
    const register = vi.spyOn(auth, 'register').mockResolvedValue({ message: 'Register successful' });
    const { user } = renderRegister();
    await fillAndSubmit(user);
    await waitFor(() =>
      expect(register).toHaveBeenCalledWith({
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.com',
        password: 'secret123',
      }),
    );
    expect(await screen.findByText('Registration successful')).toBeInTheDocument();
    expect(currentPath()).toBe('/register');
    await waitFor(() => expect(currentPath()).toBe('/login'), { timeout: 3_500 });
  });

  it("shows 'For security purposes' answers as Request Timeout with the server text", async () => {
    const text = 'For security purposes, you can only request this after 42 seconds.';
    vi.spyOn(auth, 'register').mockRejectedValue(
      new ApiError(text, { status: 429, code: 'over_email_send_rate_limit' }),
    );
    const { user } = renderRegister();
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('dialog', { name: /Request Timeout/ });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
  });

  it('handles a duplicate email with both buttons and the field message', async () => {
    vi.spyOn(auth, 'register').mockRejectedValue(
      new ApiError('User already registered', { status: 422, code: 'user_already_exists' }),
    );
    const { user } = renderRegister();
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('dialog', { name: /Email Already Exists/ });
    expect(
      within(dialog).getByText(
        'An account with this email already exists. Please use a different email or sign in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('This email is already registered.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Go to Login' }));
    expect(currentPath()).toBe('/login');
  });

  it('lets the user try a different email', async () => {
    vi.spyOn(auth, 'register').mockRejectedValue(
      new ApiError('User already registered', { status: 422, code: 'user_already_exists' }),
    );
    const { user } = renderRegister();
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('dialog', { name: /Email Already Exists/ });
    await user.click(within(dialog).getByRole('button', { name: 'Try Different Email' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(currentPath()).toBe('/register');
  });

  it('reports anything else as Registration Failed', async () => {
    vi.spyOn(auth, 'register').mockRejectedValue(new ApiError('boom', { status: 500 }));
    const { user } = renderRegister();
    await fillAndSubmit(user);
    const dialog = await screen.findByRole('dialog', { name: /Registration Failed/ });
    expect(within(dialog).getByText('Unable to create account. Please try again.')).toBeInTheDocument();
  });
});
