/** The spec's delete confirmation (section 2, User management). */
export function deleteConfirmText(email: string): string {
  return `Are you sure you want to delete user "${email}"? This action cannot be undone and will permanently remove all user data.`;
}
