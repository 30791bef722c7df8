import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as auth from '@/api/auth';
import { ApiError } from '@/api/client';
import { sessionStore } from '@/session';
import { currentPath, renderWithProviders } from '@/testing/render';
import LoginPage from './login-page';

function renderLogin() {
  return renderWithProviders(<LoginPage />, { route: '/login' });
}

async function fillAndSubmit(user: ReturnType<typeof renderLogin>['user'], email: string, password: string) {
  await user.type(screen.getByLabelText(/Email/), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginPage', () => {
  it('keeps Login disabled until email and password are valid, with the spec messages on blur', async () => {
    const { user } = renderLogin();
    const submit = screen.getByRole('button', { name: 'Login' });
    expect(submit).toBeDisabled();

    await user.click(screen.getByLabelText(/Email/));
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'ada@example');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), '.com');
    expect(screen.queryByText('Please enter a valid email')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText(/^Password/), '12345');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Password/), '6');
    expect(submit).toBeEnabled();
  });

  it('shows Invalid Credentials and marks the password field', async () => {
    vi.spyOn(auth, 'login').mockRejectedValue(
      new ApiError('Invalid login credentials', { status: 400, code: 'invalid_credentials' }),
    );
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@example.com', 'wrong-password');

    const dialog = await screen.findByRole('dialog', { name: /Invalid Credentials/ });
    expect(within(dialog).getByText('Please check your email and password.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
  });

  it('offers Resend Verification for an unconfirmed email and calls the adapter', async () => {
    vi.spyOn(auth, 'login').mockRejectedValue(
      new ApiError('Email not confirmed', { status: 400, code: 'email_not_confirmed' }),
    );
    const resend = vi.spyOn(auth, 'resendVerification').mockResolvedValue();
    const { user } = renderLogin();
    await fillAndSubmit(user, 'new@example.com', 'secret123');

    const dialog = await screen.findByRole('dialog', { name: /Account Unverified/ });
    expect(
      within(dialog).getByText('Please verify your account first. Check your email for verification link.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Resend Verification' }));
    await waitFor(() => expect(resend).toHaveBeenCalledWith('new@example.com'));
    expect(await screen.findByText('Verification email sent')).toBeInTheDocument();
  });

  it('reports any other failure as a connection error', async () => {
    vi.spyOn(auth, 'login').mockRejectedValue(new ApiError('Unable to reach the server', { status: 0 }));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'ada@example.com', 'secret123');
    const dialog = await screen.findByRole('dialog', { name: /Connection Error/ });
    expect(within(dialog).getByText('Unable to connect to server. Please try again.')).toBeInTheDocument();
  });

  it('stores the user, toasts, then sends an admin to /admin', async () => {
    let finish: (value: auth.LoginResponse) => void = () => undefined;
    vi.spyOn(auth, 'login').mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = renderLogin();
    await fillAndSubmit(user, 'admin@example.com', 'secret123');
    expect(await screen.findByText('Signing you in...')).toBeInTheDocument();

    finish({
      message: 'Success',
      parsedUser: { ...sessionStore.getState().user, id: 'a1', role: 'admin', firstname: 'Ada' },
    });
    expect(await screen.findByText('Login successful')).toBeInTheDocument();
    expect(sessionStore.getState().user.role).toBe('admin');
    expect(currentPath()).toBe('/login');
    await waitFor(() => expect(currentPath()).toBe('/admin'), { timeout: 3_000 });
  });
});
