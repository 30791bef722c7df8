import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/api/client';

/** A client error (4xx) will not succeed on retry; transport failures and 5xx get one more try. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Builds the app's QueryClient (tests build their own without retries). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
