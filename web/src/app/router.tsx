import type { ComponentType } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import {
  AccessDenied,
  FullPageSpinner,
  RequireAdmin,
  RequireAuth,
  type AccessDeniedProps,
} from '@/components';
import { paths } from '@/config/paths';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';
import { RouteError } from './routes/route-error';

/** Each screen is its own chunk, loaded when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * An admin screen behind the one access guard: a signed-in non-admin sees the spec's access panel
 * for that screen (section 8, Access), and the page itself never renders or loads data.
 */
function adminOnly(
  path: string | undefined,
  lazy: RouteObject['lazy'],
  denied: AccessDeniedProps,
): RouteObject {
  const guard = (
    <RequireAdmin fallback={<AccessDenied actionLabel="Go to Home" {...denied} />}>
      <Outlet />
    </RequireAdmin>
  );
  // A pathless guard around an index leaf: /admin itself when `path` is undefined.
  return { ...(path === undefined ? {} : { path }), element: guard, children: [{ index: true, lazy }] };
}

const adminUpload = page(() => import('@/features/certificates/admin-upload-page'));
const UPLOAD_DENIED: AccessDeniedProps = {
  title: 'Admin Access Required',
  message: 'Only administrators can upload certificates through this interface',
};

export const routes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      { index: true, lazy: page(() => import('@/features/landing/home-page')) },
      { path: paths.about, lazy: page(() => import('@/features/landing/about-page')) },
      { path: paths.verification, lazy: page(() => import('@/features/verification/verification-page')) },
      { path: paths.login, lazy: page(() => import('@/features/auth/login-page')) },
      { path: paths.register, lazy: page(() => import('@/features/auth/register-page')) },
      { path: paths.forgotPassword, lazy: page(() => import('@/features/auth/forgot-password-page')) },
      { path: paths.resetPassword, lazy: page(() => import('@/features/auth/reset-password-page')) },
      { path: paths.acceptInvitation, lazy: page(() => import('@/features/auth/accept-invitation-page')) },
      { path: paths.credential, lazy: page(() => import('@/features/credential/credential-page')) },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          { path: paths.profile, lazy: page(() => import('@/features/profile/profile-page')) },
          { path: paths.upload, lazy: page(() => import('@/features/certificates/user-upload-page')) },
        ],
      },
      { path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
  {
    path: paths.admin.root,
    element: <AdminLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      adminOnly(undefined, adminUpload, UPLOAD_DENIED),
      adminOnly(paths.admin.certificates, adminUpload, UPLOAD_DENIED),
      adminOnly(
        paths.admin.bulkIssue,
        page(() => import('@/features/certificates/bulk-issue-page')),
        UPLOAD_DENIED,
      ),
      adminOnly(
        paths.admin.allCertificates,
        page(() => import('@/features/certificates/all-certificates-page')),
        {
          title: 'Admin Access Required',
          message: 'You need administrator privileges to manage all certificates.',
        },
      ),
      adminOnly(
        paths.admin.revokedCertificates,
        page(() => import('@/features/certificates/revoked-certificates-page')),
        {
          title: 'Access Denied',
          message: 'You need administrator privileges to access this page.',
          actionLabel: 'Go Back',
          to: -1,
        },
      ),
      adminOnly(
        paths.admin.users,
        page(() => import('@/features/users/user-management-page')),
        {
          title: 'Access Denied',
          message: 'You need administrator privileges to access user management.',
        },
      ),
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
