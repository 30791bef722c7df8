import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '@/session';
import { currentPath, renderWithProviders } from '@/testing/render';
import { AccessDenied } from './access-denied';
import { RequireAdmin, RequireAuth } from './guards';

describe('RequireAuth', () => {
  it('renders for a signed-in user', () => {
    renderWithProviders(<RequireAuth>Private</RequireAuth>, { route: '/profile', user: { id: 'u1' } });
    expect(screen.getByText('Private')).toBeInTheDocument();
  });

  it('sends a user who chose to sign out home, not to /login with a way back here', () => {
    renderWithProviders(<RequireAuth>Private</RequireAuth>, {
      route: '/profile',
      path: '/profile',
      user: { id: 'u1' },
    });
    act(() => {
      sessionStore.markSigningOut();
      sessionStore.clearUser();
    });
    expect(screen.queryByText('Private')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/');
  });

  it('sends a visitor to /login', () => {
    renderWithProviders(<RequireAuth>Private</RequireAuth>, { route: '/profile', path: '/profile' });
    expect(screen.queryByText('Private')).not.toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });
});

describe('RequireAdmin', () => {
  it('renders for role admin', () => {
    renderWithProviders(<RequireAdmin>Admin only</RequireAdmin>, { user: { id: 'a1', role: 'admin' } });
    expect(screen.getByText('Admin only')).toBeInTheDocument();
  });

  it('redirects a non-admin to / without a fallback', () => {
    renderWithProviders(<RequireAdmin>Admin only</RequireAdmin>, {
      route: '/admin',
      path: '/admin',
      user: { id: 'u1', role: 'moderator' },
    });
    expect(currentPath()).toBe('/');
    expect(screen.queryByText('Admin only')).not.toBeInTheDocument();
  });

  it('shows the fallback panel to a non-admin', async () => {
    const { user } = renderWithProviders(
      <RequireAdmin
        fallback={<AccessDenied message="You need administrator privileges to access this page." />}
      >
        Admin only
      </RequireAdmin>,
      { route: '/admin/certificates/revoked', path: '/admin/*', user: { id: 'u1', role: 'user' } },
    );
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeInTheDocument();
    expect(screen.getByText('You need administrator privileges to access this page.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to Home' }));
    expect(currentPath()).toBe('/');
  });
});
