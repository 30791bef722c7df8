import type { ComponentType } from 'react';
import { Outlet, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { FullPageSpinner, RequireAuth } from '@/components';
import { paths } from '@/config/paths';
import { AdminLayout } from './layouts/admin-layout';
import { MainLayout } from './layouts/main-layout';
import { RouteError } from './routes/route-error';

/** Each screen is its own chunk, loaded when its route is first visited. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

const adminUpload = page(() => import('@/features/certificates/admin-upload-page'));

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
      { index: true, lazy: adminUpload },
      { path: paths.admin.certificates, lazy: adminUpload },
      {
        path: paths.admin.allCertificates,
        lazy: page(() => import('@/features/certificates/all-certificates-page')),
      },
      {
        path: paths.admin.revokedCertificates,
        lazy: page(() => import('@/features/certificates/revoked-certificates-page')),
      },
      { path: paths.admin.users, lazy: page(() => import('@/features/users/user-management-page')) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
