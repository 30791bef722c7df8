/** The spec's confirm texts for the admin certificate screens (section 2). */
export function revokeConfirmText(name: string): string {
  return `Are you sure you want to revoke the certificate "${name}"? This action cannot be undone and will mark the certificate as invalid.`;
}

export function unrevokeConfirmText(name: string): string {
  return `Are you sure you want to unrevoke the certificate "${name}"? This will restore the certificate and mark it as valid again.`;
}

export const EMPTY_TEXT = {
  filtered: 'Try adjusting your filters to see more results.',
  none: 'No certificates have been uploaded yet.',
} as const;
