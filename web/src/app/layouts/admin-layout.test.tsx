import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { currentPath, renderWithProviders } from '@/testing/render';
import { AdminLayout } from './admin-layout';

function renderAdmin(route: string, user?: { id: string; role: string }) {
  return renderWithProviders(
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<p>Upload page</p>} />
        <Route path="certificates/all" element={<p>All certificates page</p>} />
      </Route>
      <Route path="*" element={<p>Elsewhere</p>} />
    </Routes>,
    { route, ...(user ? { user } : {}) },
  );
}

describe('AdminLayout', () => {
  it('shows Dashboard and the sidebar links to an admin', () => {
    renderAdmin('/admin', { id: 'a1', role: 'admin' });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(sidebar).getByRole('link', { name: 'Certificates' })).toHaveAttribute(
      'href',
      '/admin/certificates',
    );
    expect(within(sidebar).getByRole('link', { name: 'Certificates' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByRole('link', { name: 'Uploaded Certificates' })).toHaveAttribute(
      'href',
      '/admin/certificates/all',
    );
    expect(within(sidebar).getByRole('link', { name: 'Revoked Certificates' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'User Management' })).toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Go back to Client' })).toHaveAttribute('href', '/');
    expect(within(sidebar).getByRole('button', { name: 'Sign Out' })).toBeInTheDocument();
    expect(screen.getByText('Upload page')).toBeInTheDocument();
  });

  it('opens the drawer from the menu button and closes it with Escape, locking page scroll meanwhile', async () => {
    const { user } = renderAdmin('/admin', { id: 'a1', role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Open admin menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' });
    expect(within(drawer).getByRole('link', { name: 'User Management' })).toBeInTheDocument();
    await waitFor(() => expect(document.body).toHaveStyle({ overflow: 'hidden' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admin menu' })).not.toBeInTheDocument());
  });

  it('closes the drawer when a link is chosen', async () => {
    const { user } = renderAdmin('/admin', { id: 'a1', role: 'admin' });
    await user.click(screen.getByRole('button', { name: 'Open admin menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Admin menu' });
    await user.click(within(drawer).getByRole('link', { name: 'Uploaded Certificates' }));
    expect(currentPath()).toBe('/admin/certificates/all');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Admin menu' })).not.toBeInTheDocument());
    expect(screen.getByText('All certificates page')).toBeInTheDocument();
  });

  it('sends a visitor to /login', () => {
    renderAdmin('/admin');
    expect(currentPath()).toBe('/login');
  });

  it('gives a signed-in non-admin the ordinary layout, without the admin sidebar', () => {
    renderAdmin('/admin', { id: 'u1', role: 'user' });
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Upload page')).toBeInTheDocument();
  });
});
