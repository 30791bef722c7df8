import { useEffect, useState } from 'react';

/** The spec's 500 ms full-page spinner before Home and Profile show (section 4). */
export const PAGE_INTRO_MS = 500;

export function useBriefLoading(ms: number = PAGE_INTRO_MS): boolean {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setLoading(false), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return loading;
}
