/** Every route of the app (spec section 2, plus /upload, password reset and the 404 catch-all). */
export const paths = {
  home: '/',
  about: '/about',
  verification: '/verification',
  profile: '/profile',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  upload: '/upload',
  admin: {
    root: '/admin',
    certificates: '/admin/certificates',
    allCertificates: '/admin/certificates/all',
    revokedCertificates: '/admin/certificates/revoked',
    users: '/admin/certificates/users',
  },
} as const;

/** Where a freshly signed-in user lands (spec section 2, Login). */
export function homeForRole(role: string): string {
  return role === 'admin' ? paths.admin.root : paths.home;
}
