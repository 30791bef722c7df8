/** Every route of the app (spec section 2, plus /upload, password reset, invitations and the 404 catch-all). */
export const paths = {
  home: '/',
  about: '/about',
  verification: '/verification',
  profile: '/profile',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  /** Where an invitation link lands (issue 9), through `invitationRedirectUrl` in api/certificates.ts. */
  acceptInvitation: '/accept-invitation',
  upload: '/upload',
  /** Public credential page of one certificate (issue 9). */
  credential: '/c/:publicId',
  admin: {
    root: '/admin',
    certificates: '/admin/certificates',
    /** Issue many files at once (issue 9). */
    bulkIssue: '/admin/certificates/bulk',
    allCertificates: '/admin/certificates/all',
    revokedCertificates: '/admin/certificates/revoked',
    users: '/admin/certificates/users',
  },
} as const;

/** The public page of a certificate, as a path of this app. */
export function credentialPath(publicId: string): string {
  return `/c/${encodeURIComponent(publicId)}`;
}

/** Where a freshly signed-in user lands (spec section 2, Login). */
export function homeForRole(role: string): string {
  return role === 'admin' ? paths.admin.root : paths.home;
}
