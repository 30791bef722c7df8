import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { currentPath, renderWithProviders } from '@/testing/render';
import * as auth from '@/api/auth';
import { Header, avatarInitial } from './header';

function desktopNav() {
  return screen.getByRole('navigation', { name: 'Main' });
}

async function openMobileMenu(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(screen.getByRole('button', { name: 'Open navigation menu' }));
  return screen.findByRole('navigation', { name: 'Mobile' });
}

describe('Header', () => {
  it('shows Sign In and hides Verification on desktop for visitors, while the mobile menu lists it', async () => {
    const { user } = renderWithProviders(<Header />);
    const nav = desktopNav();
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Verification' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign In' }).length).toBeGreaterThan(0);

    const mobile = await openMobileMenu(user);
    expect(within(mobile).getByRole('link', { name: 'Verification' })).toBeInTheDocument();
    expect(within(mobile).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('greets a signed-in user, shows Verification, and no Admin link for role user', async () => {
    const { user } = renderWithProviders(<Header />, {
      user: { id: 'u1', firstname: 'grace', name: 'grace hopper', role: 'user' },
    });
    expect(within(desktopNav()).getByRole('link', { name: 'Verification' })).toBeInTheDocument();
    expect(within(desktopNav()).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByText('Hi, grace')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your profile' })).toHaveTextContent('G');

    const mobile = await openMobileMenu(user);
    expect(within(mobile).queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByText('grace hopper')).toBeInTheDocument();
  });

  it('shows the Admin link to role admin on desktop and in the mobile menu', async () => {
    const { user } = renderWithProviders(<Header />, { user: { id: 'a1', firstname: 'Ada', role: 'admin' } });
    expect(within(desktopNav()).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    const mobile = await openMobileMenu(user);
    expect(within(mobile).getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    expect(screen.getAllByText('admin').length).toBeGreaterThan(0);
  });

  it('falls back to User and U without a first name', () => {
    renderWithProviders(<Header />, { user: { id: 'u2', role: 'user' } });
    expect(screen.getByText('Hi, User')).toBeInTheDocument();
    expect(avatarInitial({ firstname: '', name: '' })).toBe('U');
  });

  it('logs out, clears the user and goes home', async () => {
    const logout = vi.spyOn(auth, 'logout').mockResolvedValue();
    const { user } = renderWithProviders(<Header />, {
      route: '/profile',
      user: { id: 'u3', firstname: 'Lin', role: 'user' },
    });
    const [desktopLogout] = screen.getAllByRole('button', { name: 'Logout' });
    if (!desktopLogout) throw new Error('no Logout button');
    await user.click(desktopLogout);
    expect(logout).toHaveBeenCalledOnce();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect((await screen.findAllByRole('link', { name: 'Sign In' })).length).toBeGreaterThan(0);
  });

  it('closes the mobile menu when a link is chosen', async () => {
    const { user } = renderWithProviders(<Header />);
    const mobile = await openMobileMenu(user);
    await user.click(within(mobile).getByRole('link', { name: 'About' }));
    expect(currentPath()).toBe('/about');
    expect(screen.getByRole('button', { name: 'Open navigation menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
