import { describe, expect, it } from 'vitest';
import { ApiError } from './http-client';
import { createQueryClient, retryDelay, shouldRetry, STALE_TIME } from './query-client';

describe('query client', () => {
  it('keeps data fresh for 5 minutes', () => {
    expect(createQueryClient().getDefaultOptions().queries?.staleTime).toBe(STALE_TIME);
    expect(STALE_TIME).toBe(300000);
  });
  it('backs off exponentially up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
  it('retries server and network failures 3 times but never a 4xx', () => {
    expect(shouldRetry(0, new ApiError('x', 500))).toBe(true);
    expect(shouldRetry(2, new ApiError('x', 0))).toBe(true);
    expect(shouldRetry(3, new ApiError('x', 500))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 404))).toBe(false);
    expect(shouldRetry(0, new ApiError('x', 401))).toBe(false);
  });
});
