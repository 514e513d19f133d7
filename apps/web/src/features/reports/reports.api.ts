import { useQuery } from '@tanstack/react-query';
import {
  createReportFilterSet,
  deleteReportFilterSet,
  listReportFilterSets,
  type ReportFilterSetInput,
  type ReportId,
} from '@willow/contracts';
import { api } from '../../lib/http-client';
import { mutationOf } from '../../lib/mutation-of';
import type { ReportDefinition } from './report-definition';

export const reportKeys = {
  all: ['reports'] as const,
  report: (id: ReportId, query: Record<string, string | number>) => ['reports', 'report', id, query] as const,
  filterSets: (id: ReportId) => ['reports', 'filterSets', id] as const,
};

/** A report's answer for these filters; the last answer stays on screen while the next loads. */
export function useReport(definition: ReportDefinition, query: Record<string, string | number>) {
  return useQuery({
    queryKey: reportKeys.report(definition.id, query),
    queryFn: ({ signal }) => api(definition.operation, { query, signal } as never) as Promise<unknown>,
    // The same report's last answer, never another report's (its rows have another shape).
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === definition.id ? previous : undefined),
    // A refused filter (to before from) is the person's to mend, not a fault to retry.
    retry: false,
  });
}

export function useReportFilterSets(report: ReportId) {
  return useQuery({ queryKey: reportKeys.filterSets(report), queryFn: ({ signal }) => api(listReportFilterSets, { query: { report }, signal }) });
}

const FILTER_SETS = [[...reportKeys.all, 'filterSets']] as const;

export const useSaveReportFilterSet = mutationOf(createReportFilterSet, {
  request: (data: ReportFilterSetInput) => ({ body: { data } }),
  invalidates: FILTER_SETS,
});

export const useDeleteReportFilterSet = mutationOf(deleteReportFilterSet, {
  request: (id: string) => ({ params: { id } }),
  invalidates: FILTER_SETS,
});
