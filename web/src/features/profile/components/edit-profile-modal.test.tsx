import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import * as usersApi from '@/api/users';
import { ApiError } from '@/api/client';
import { sessionStore } from '@/session';
import { renderWithProviders } from '@/testing/render';
import { ProfileDetails } from './profile-details';

/** Validation, a mutation and a re-render in jsdom can take several seconds on a busy machine. */
const SLOW_MACHINE = { timeout: 15_000 };

const USER = {
  id: '11111111-2222-4333-8444-555555555555',
  email: 'robin@example.com',
  firstname: 'Robin',
  lastname: 'Register',
  username: 'robin',
  name: 'Robin Register',
  role: 'user' as const,
};

function profileReturned(fields: { firstname: string; lastname: string; username: string }) {
  return {
    user: {
      auth_id: USER.id,
      email: USER.email,
      avatar: null,
      role: 'user' as const,
      status: 'active' as const,
      created_at: '2026-11-25T12:00:00Z',
      ...fields,
    },
  };
}

describe('Edit Profile', () => {
  it('checks the fields by the server’s rules and sends nothing while they are wrong', async () => {
    const update = vi.spyOn(usersApi, 'updateMyProfile');
    const { user } = renderWithProviders(<ProfileDetails user={{ ...USER, created_at: '' }} />, {
      user: USER,
    });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    const firstName = screen.getByLabelText(/First name/);
    expect(firstName).toHaveValue('Robin');
    await user.clear(firstName);
    await user.clear(screen.getByLabelText(/Username/));
    await user.type(screen.getByLabelText(/Username/), 'ro bin');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(screen.getByText(/Username may contain only letters/)).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('saves trimmed names, updates the session and closes with a toast', async () => {
    const update = vi
      .spyOn(usersApi, 'updateMyProfile')
      .mockResolvedValue(profileReturned({ firstname: 'Robyn', lastname: 'Register', username: 'robyn' }));
    const { user } = renderWithProviders(<ProfileDetails user={{ ...USER, created_at: '' }} />, {
      user: USER,
    });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.clear(screen.getByLabelText(/First name/));
    await user.type(screen.getByLabelText(/First name/), '  Robyn ');
    await user.clear(screen.getByLabelText(/Username/));
    await user.type(screen.getByLabelText(/Username/), 'robyn');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Profile updated', {}, SLOW_MACHINE)).toBeInTheDocument();
    expect(update).toHaveBeenCalledWith({ firstname: 'Robyn', lastname: 'Register', username: 'robyn' });
    expect(sessionStore.getState().user).toMatchObject({
      firstname: 'Robyn',
      username: 'robyn',
      name: 'Robyn Register',
    });
    expect(screen.queryByRole('dialog', { name: 'Edit Profile' })).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the server’s message when saving fails', async () => {
    vi.spyOn(usersApi, 'updateMyProfile').mockRejectedValue(
      new ApiError('Username may contain only letters', { status: 400 }),
    );
    const { user } = renderWithProviders(<ProfileDetails user={{ ...USER, created_at: '' }} />, {
      user: USER,
    });
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert', {}, SLOW_MACHINE)).toHaveTextContent(
      'Username may contain only letters',
    );
    expect(screen.getByRole('dialog', { name: 'Edit Profile' })).toBeInTheDocument();
  });
});

describe('Personal Details', () => {
  it('labels the names as the forms do, and says "Not provided" for an empty one', () => {
    renderWithProviders(<ProfileDetails user={{ ...USER, lastname: '', created_at: '' }} />, { user: USER });
    expect(screen.getByText('First name').nextElementSibling).toHaveTextContent('Robin');
    expect(screen.getByText('Last name').nextElementSibling).toHaveTextContent('Not provided');
    expect(screen.getByText('Username').nextElementSibling).toHaveTextContent('robin');
  });
});
