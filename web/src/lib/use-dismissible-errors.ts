import { useState } from 'react';

/**
 * The errors a screen's banners show until the user closes them. A closed error stays hidden; the
 * next failure is a new error object, so its banner shows again.
 */
export function useDismissibleErrors() {
  const [dismissed, setDismissed] = useState<unknown[]>([]);
  return {
    /** The error while it has not been dismissed, else null. */
    visible: (error: unknown) => (error && !dismissed.includes(error) ? error : null),
    dismiss: (error: unknown) => setDismissed((previous) => [...previous, error]),
  };
}
