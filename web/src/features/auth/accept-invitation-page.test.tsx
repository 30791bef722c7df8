import { screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as auth from '@/api/auth';
import { currentPath, renderWithProviders } from '@/testing/render';
import AcceptInvitationPage from './accept-invitation-page';

afterEach(() => {
  window.location.hash = '';
  notifications.clean();
  vi.restoreAllMocks();
});

const INVITED: auth.SessionUser = {
  id: 'dddddddd-0000-4000-8000-000000000004',
  email: 'ines@example.org',
  role: 'user',
  created_at: '2026-11-25T00:00:00Z',
  username: 'ines',
  firstname: 'Ines',
  lastname: 'Invitee',
  name: 'Ines Invitee',
};

describe('AcceptInvitationPage', () => {
  // Typing into five fields on a loaded two-core machine: the timeout is a budget, not a speed requirement.
  it('starts from the names the admin gave, checks them like Edit Profile, and goes to the profile', async () => {
    vi.spyOn(auth, 'getSessionUser').mockResolvedValue(INVITED);
    const accept = vi
      .spyOn(auth, 'acceptInvitation')
      .mockResolvedValue({ ...INVITED, username: 'ines.i', name: 'Ines Invitee' });
    const { user } = renderWithProviders(<AcceptInvitationPage />, {
      route: '/accept-invitation',
      path: '/accept-invitation',
    });
    expect(await screen.findByRole('textbox', { name: /First name/ })).toHaveValue('Ines');
    expect(screen.getByText('ines@example.org')).toBeInTheDocument();
    const username = screen.getByRole('textbox', { name: /Username/ });
    await user.clear(username);
    await user.type(username, 'in');
    await user.type(screen.getByLabelText(/^Password/), 'secret-1');
    await user.type(screen.getByLabelText(/^Repeat password/), 'secret-2');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(accept).not.toHaveBeenCalled();

    await user.type(username, 'es.i');
    await user.clear(screen.getByLabelText(/^Repeat password/));
    await user.type(screen.getByLabelText(/^Repeat password/), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() =>
      expect(accept).toHaveBeenCalledWith({
        firstname: 'Ines',
        lastname: 'Invitee',
        username: 'ines.i',
        password: 'secret-1',
      }),
    );
    await waitFor(() => expect(currentPath()).toBe('/profile'));
  }, 90_000);

  it('explains a spent or expired link and offers to sign in', async () => {
    window.location.hash =
      '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    renderWithProviders(<AcceptInvitationPage />, {
      route: '/accept-invitation',
      path: '/accept-invitation',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Email link is invalid or has expired');
    expect(alert).toHaveTextContent('ask the administrator to send a new one');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });
});
