import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './http-client';

/** Answers stay fresh for 5 minutes; 3 retries with exponential backoff capped at 30 s. */
export const STALE_TIME = 300_000;
export const MAX_RETRIES = 3;
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);

/** A 4xx will answer the same on every retry, so only server and network failures are retried. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_TIME, retry: shouldRetry, retryDelay },
      mutations: { retry: false },
    },
  });
}
