import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@/api';
import { EMPTY_USER, sessionStore } from '@/session';
import { TestProviders, createTestQueryClient } from '@/testing/render';
import { routes } from './router';

vi.mock('@/api', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@/api')>();
  return {
    ...actual,
    listCertificates: vi.fn(),
    listRevokedCertificates: vi.fn(),
    getCertificateStats: vi.fn(),
    listUsers: vi.fn(),
    getUserStats: vi.fn(),
  };
});

function renderAt(path: string, role: string | null) {
  sessionStore.clearUser();
  if (role) sessionStore.setUser({ ...EMPTY_USER, id: 'u1', email: 'u1@example.com', role });
  sessionStore.markRestored();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

const ADMIN_ROUTES: [string, string, string][] = [
  ['/admin', 'Admin Access Required', 'Only administrators can upload certificates through this interface'],
  [
    '/admin/certificates',
    'Admin Access Required',
    'Only administrators can upload certificates through this interface',
  ],
  [
    '/admin/certificates/bulk',
    'Admin Access Required',
    'Only administrators can upload certificates through this interface',
  ],
  [
    '/admin/certificates/all',
    'Admin Access Required',
    'You need administrator privileges to manage all certificates.',
  ],
  ['/admin/certificates/revoked', 'Access Denied', 'You need administrator privileges to access this page.'],
  [
    '/admin/certificates/users',
    'Access Denied',
    'You need administrator privileges to access user management.',
  ],
];

beforeEach(() => {
  vi.clearAllMocks();
});

describe('admin routes share one guard', () => {
  it.each(ADMIN_ROUTES)(
    "%s shows a signed-in non-admin the spec's panel and loads nothing",
    async (path, title, message) => {
      renderAt(path, 'moderator');
      expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
      expect(screen.getByText(message)).toBeInTheDocument();
      expect(api.listCertificates).not.toHaveBeenCalled();
      expect(api.listRevokedCertificates).not.toHaveBeenCalled();
      expect(api.getCertificateStats).not.toHaveBeenCalled();
      expect(api.listUsers).not.toHaveBeenCalled();
      expect(api.getUserStats).not.toHaveBeenCalled();
    },
  );

  it('offers Go Back on the revoked list and Go to Home elsewhere', async () => {
    renderAt('/admin/certificates/revoked', 'user');
    expect(await screen.findByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('sends a visitor to /login', async () => {
    const router = renderAt('/admin/certificates/users', null);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('renders the page for an admin', async () => {
    vi.mocked(api.getUserStats).mockResolvedValue({
      stats: { total: 0, active: 0, inactive: 0, banned: 0, pending: 0, admins: 0, moderators: 0, users: 0 },
    } as unknown as Awaited<ReturnType<typeof api.getUserStats>>);
    vi.mocked(api.listUsers).mockResolvedValue({ data: [] } as unknown as Awaited<
      ReturnType<typeof api.listUsers>
    >);
    renderAt('/admin/certificates/users', 'admin');
    await waitFor(() => expect(api.listUsers).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Access Denied' })).not.toBeInTheDocument();
  });
});
