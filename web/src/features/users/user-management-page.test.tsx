import { notifications } from '@mantine/notifications';
import { configure, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, UserStats } from '@contract';
import * as api from '@/api';
import { renderWithProviders } from '@/testing/render';
import { makeAdminUser } from './test-data';
import UserManagementPage from './user-management-page';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return {
    ...actual,
    listUsers: vi.fn(),
    getUserStats: vi.fn(),
    updateUserRole: vi.fn(),
    updateUserStatus: vi.fn(),
    deleteUser: vi.fn(),
  };
});

// The whole web suite shares two cores; give async screens more than the default second.
configure({ asyncUtilTimeout: 5000 });

/** Opens a Mantine select and picks an option from its own listbox. */
async function pick(user: UserEvent, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  const listboxId = combobox.getAttribute('aria-controls');
  const listbox = listboxId ? document.getElementById(listboxId) : null;
  if (!listbox) throw new Error('the select did not open');
  await user.click(within(listbox).getByRole('option', { name: option }));
}

const ME = makeAdminUser({
  auth_id: 'me-0001',
  email: 'admin@example.com',
  firstname: 'Ada',
  lastname: 'Admin',
  role: 'admin',
});
const BOB = makeAdminUser({ auth_id: 'bob-0002', email: 'bob@example.com', username: 'bobby' });
const CY = makeAdminUser({
  auth_id: 'cy-0003',
  email: 'cy@corp.test',
  firstname: 'Cy',
  lastname: 'Twombly',
  role: 'moderator',
  status: 'banned',
});
const NONAME = makeAdminUser({ auth_id: 'nn-0004', email: 'anon@example.com', status: 'pending' });

const STATS: UserStats = {
  total: 4,
  byRole: { admin: 1, moderator: 1, user: 2 },
  byStatus: { active: 2, banned: 1, pending: 1 },
};

async function renderPage() {
  const rendered = renderWithProviders(<UserManagementPage />, {
    user: { id: ME.auth_id, role: 'admin', email: ME.email },
  });
  await screen.findByRole('table');
  return rendered;
}

function row(text: string) {
  const cell = within(screen.getByRole('table')).getByText(text);
  const tr = cell.closest('tr');
  if (!tr) throw new Error(`no row for ${text}`);
  return tr;
}

beforeEach(() => {
  notifications.clean();
  for (const fn of [api.updateUserRole, api.updateUserStatus, api.deleteUser]) vi.mocked(fn).mockReset();
  vi.mocked(api.listUsers).mockResolvedValue({ data: [ME, BOB, CY, NONAME] });
  vi.mocked(api.getUserStats).mockResolvedValue({ stats: STATS });
});

describe('UserManagementPage', () => {
  it('shows the stats panel and one row per user', async () => {
    await renderPage();
    const stats = screen.getByRole('region', { name: 'User statistics' });
    expect(within(stats).getByText('Total Users').nextSibling).toHaveTextContent('4');
    expect(within(stats).getByText('Active Users').nextSibling).toHaveTextContent('2');
    expect(within(stats).getByText('Administrators').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('Moderators').nextSibling).toHaveTextContent('1');
    expect(within(stats).getByText('By Role')).toBeInTheDocument();
    expect(within(stats).getByText('By Status')).toBeInTheDocument();

    expect(within(row('Ada Admin')).getByText('admin@example.com')).toBeInTheDocument();
    expect(within(row('bobby')).getByText('bob@example.com')).toBeInTheDocument();
    expect(within(row('No name')).getByText('pending')).toBeInTheDocument();
    expect(within(row('Cy Twombly')).getByText('January 15, 2025')).toBeInTheDocument();
    expect(screen.getByText('Showing 4 of 4 users')).toBeInTheDocument();
  });

  it('searches case-insensitively, filters by role and status, and clears', async () => {
    const { user } = await renderPage();
    await user.type(screen.getByRole('textbox', { name: 'Search' }), 'TWOMBLY');
    expect(screen.getByText('Showing 1 of 4 users')).toBeInTheDocument();
    expect(screen.getByText('Cy Twombly')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Search' }));
    await pick(user, screen.getByRole('combobox', { name: 'Status' }), 'pending');
    expect(screen.getByText('Showing 1 of 4 users')).toBeInTheDocument();
    expect(screen.getByText('No name')).toBeInTheDocument();

    await pick(user, screen.getByRole('combobox', { name: 'Role' }), 'admin');
    expect(screen.getByText('No users found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Showing 4 of 4 users')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  });

  it('says when no users are registered', async () => {
    vi.mocked(api.listUsers).mockResolvedValue({ data: [] });
    renderWithProviders(<UserManagementPage />, { user: { id: ME.auth_id, role: 'admin' } });
    expect(await screen.findByText('No users have been registered yet.')).toBeInTheDocument();
  });

  it('blocks actions on the own account, with the reasons as tooltips', async () => {
    const { user } = await renderPage();
    const edit = within(row('Ada Admin')).getByRole('button', { name: /^Edit admin@example.com/ });
    const remove = within(row('Ada Admin')).getByRole('button', { name: /^Delete admin@example.com/ });
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAccessibleName('Edit admin@example.com: Cannot modify your own account');

    await user.hover(edit);
    expect(await screen.findByText('Cannot modify your own account')).toBeInTheDocument();
    await user.click(edit);
    await user.hover(remove);
    expect(await screen.findByText('Cannot delete your own account')).toBeInTheDocument();
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(within(row('bobby')).getByRole('button', { name: 'Edit bob@example.com' })).toHaveAttribute(
      'aria-disabled',
      'false',
    );
  });

  it('sends a role change at once, replaces the row and reloads the stats', async () => {
    let finish: (value: { user: AdminUser }) => void = () => undefined;
    vi.mocked(api.updateUserRole).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Role' }), 'moderator');

    expect(api.updateUserRole).toHaveBeenCalledWith('bob-0002', 'moderator');
    await waitFor(() =>
      expect(within(row('bobby')).getByRole('button', { name: 'Delete bob@example.com' })).toHaveAttribute(
        'aria-disabled',
        'true',
      ),
    );
    const statsCalls = vi.mocked(api.getUserStats).mock.calls.length;
    finish({ user: { ...BOB, role: 'moderator' } });

    await waitFor(() => expect(within(row('bobby')).getByText('moderator')).toBeInTheDocument());
    await waitFor(() => expect(vi.mocked(api.getUserStats).mock.calls.length).toBeGreaterThan(statsCalls));
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveValue('moderator');
  });

  it('keeps the edit modal open when a status change fails, and shows an Update Error afterwards', async () => {
    vi.mocked(api.updateUserStatus).mockRejectedValue(
      new api.ApiError('Failed to update user status', { status: 500 }),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Edit bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
    await pick(user, within(dialog).getByRole('combobox', { name: 'Status' }), 'banned');

    expect(await within(dialog).findByText('Failed to update user status')).toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveValue('active');
    expect(logged).toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: /close/i }));
    const banner = await screen.findByRole('alert', { name: 'Update Error' });
    expect(banner).toHaveTextContent('Failed to update user status');
  });

  it('deletes after confirmation: the row goes and the stats reload', async () => {
    vi.mocked(api.deleteUser).mockResolvedValue({ message: 'User deleted' });
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete cy@corp.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete user "cy@corp.test"? This action cannot be undone and will permanently remove all user data.',
    );
    const statsCalls = vi.mocked(api.getUserStats).mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(screen.queryByText('Cy Twombly')).not.toBeInTheDocument());
    expect(api.deleteUser).toHaveBeenCalledWith('cy-0003');
    expect(screen.getByText('Showing 3 of 3 users')).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(api.getUserStats).mock.calls.length).toBeGreaterThan(statsCalls));
  });

  it('keeps the delete modal open on failure, then shows a Delete Error banner', async () => {
    vi.mocked(api.deleteUser).mockRejectedValue(new api.ApiError('Failed to delete user', { status: 500 }));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete bob@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete User' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await within(dialog).findByText('Failed to delete user')).toBeInTheDocument();
    expect(screen.getByText('bobby')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert', { name: 'Delete Error' })).toHaveTextContent(
      'Failed to delete user',
    );
  });
});
