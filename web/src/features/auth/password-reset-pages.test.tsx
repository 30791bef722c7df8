import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as auth from '@/api/auth';
import { ApiError } from '@/api/client';
import { currentPath, renderWithProviders } from '@/testing/render';
import ForgotPasswordPage from './forgot-password-page';
import LoginPage from './login-page';
import ResetPasswordPage from './reset-password-page';

afterEach(() => {
  window.location.hash = '';
  notifications.clean();
});

describe('Login page', () => {
  it('links to the password reset request', () => {
    renderWithProviders(<LoginPage />, { route: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});

describe('ForgotPasswordPage', () => {
  it('validates the address, sends the request and answers without telling whether it exists', async () => {
    const request = vi.spyOn(auth, 'requestPasswordReset').mockResolvedValue();
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    const submit = screen.getByRole('button', { name: 'Send reset link' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Email/), 'nobody@example');
    await user.tab();
    expect(await screen.findByText('Please enter a valid email')).toBeInTheDocument();
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText(/Email/), '.com ');
    await user.click(submit);
    await waitFor(() => expect(request).toHaveBeenCalledWith('nobody@example.com'));
    const status = await screen.findByRole('status', { name: /Check your email/ });
    expect(status).toHaveTextContent(
      'If an account exists for nobody@example.com, we have sent it a link to choose a new password.',
    );
    expect(status).toHaveTextContent('works once and expires after 1 hour');
  });

  it('shows a failure of the request itself in a banner and keeps the form', async () => {
    vi.spyOn(auth, 'requestPasswordReset').mockRejectedValue(
      new ApiError('Request rate limit reached', { status: 429, code: 'over_request_rate_limit' }),
    );
    const { user } = renderWithProviders(<ForgotPasswordPage />, { route: '/forgot-password' });
    await user.type(screen.getByLabelText(/Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    const banner = await screen.findByRole('alert', { name: /Error/ });
    expect(banner).toHaveTextContent('Request rate limit reached');
    expect(screen.getByLabelText(/Email/)).toHaveValue('ada@example.com');
  });
});

describe('ResetPasswordPage', () => {
  it('sets the new password when the link opened a session, then sends the user to sign in', async () => {
    vi.spyOn(auth, 'hasSession').mockResolvedValue(true);
    const update = vi.spyOn(auth, 'updatePassword').mockResolvedValue();
    const { user } = renderWithProviders(<ResetPasswordPage />, {
      route: '/reset-password',
      path: '/reset-password',
    });
    const password = await screen.findByLabelText(/^Password/);
    const submit = screen.getByRole('button', { name: 'Save new password' });
    await user.type(password, 'fresh-secret');
    await user.type(screen.getByLabelText(/^Repeat password/), 'fresh-secreT');
    await user.tab();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.clear(screen.getByLabelText(/^Repeat password/));
    await user.type(screen.getByLabelText(/^Repeat password/), 'fresh-secret');
    await user.click(submit);
    await waitFor(() => expect(update).toHaveBeenCalledWith('fresh-secret'));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    await waitFor(() => expect(currentPath()).toBe('/login'));
  });

  it('refuses a short password with the spec message', async () => {
    vi.spyOn(auth, 'hasSession').mockResolvedValue(true);
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    await user.type(await screen.findByLabelText(/^Password/), '12345');
    await user.tab();
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('shows the error a used or expired link reports and offers a new link', async () => {
    window.location.hash =
      'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    const session = vi.spyOn(auth, 'hasSession').mockResolvedValue(false);
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    const alert = await screen.findByRole('alert', { name: /Link not valid/ });
    expect(within(alert).getByText('Email link is invalid or has expired')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(session.mock.calls.length).toBeLessThanOrEqual(1);
  });

  it('without a session (page opened directly) shows no form', async () => {
    vi.spyOn(auth, 'hasSession').mockResolvedValue(false);
    renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    expect(
      await screen.findByText('This password reset link is invalid or has expired.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
  });

  it('keeps the form and shows the server answer when saving fails', async () => {
    vi.spyOn(auth, 'hasSession').mockResolvedValue(true);
    vi.spyOn(auth, 'updatePassword').mockRejectedValue(
      new ApiError('New password should be different from the old password.', {
        status: 422,
        code: 'same_password',
      }),
    );
    const { user } = renderWithProviders(<ResetPasswordPage />, { route: '/reset-password' });
    await user.type(await screen.findByLabelText(/^Password/), 'old-secret');
    await user.type(screen.getByLabelText(/^Repeat password/), 'old-secret');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert', { name: /Error/ })).toHaveTextContent(
      'New password should be different from the old password.',
    );
    expect(currentPath()).toBe('/reset-password');
  });
});
