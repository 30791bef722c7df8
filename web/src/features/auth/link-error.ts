/** The error an email link reports in the URL hash when it failed (used, expired), if any. */
export function linkErrorFromHash(): string | null {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return params.get('error_description');
}
