import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { analyticsDashboard, type AnalyticsQuery } from '@willow/contracts';
import { api } from '../../lib/http-client';

export const analyticsKeys = {
  all: ['analytics'] as const,
  dashboard: (q: AnalyticsQuery) => [...analyticsKeys.all, 'dashboard', q.from, q.to, q.locationId ?? null] as const,
};

/**
 * The dashboard over a range and location; null while the filters are not a valid range. The
 * charts of the last range stay on screen while the next one loads, so the page does not jump.
 */
export function useAnalyticsDashboard(query: AnalyticsQuery | null) {
  return useQuery({
    queryKey: query ? analyticsKeys.dashboard(query) : [...analyticsKeys.all, 'none'],
    queryFn: ({ signal }) => api(analyticsDashboard, { query: query!, signal }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    // The books change under the owner's eyes only slowly; a minute-old chart is still true enough.
    staleTime: 60_000,
  });
}
