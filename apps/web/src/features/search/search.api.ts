import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { globalSearch } from '@willow/contracts';
import { api } from '../../lib/http-client';
import { searchKeys } from '../../lib/query-keys';

/** Clients and patients matching `q` (already debounced by the caller); nothing is asked for a blank query. */
export function useGlobalSearch(q: string, locationId: string | null) {
  const text = q.trim();
  return useQuery({
    queryKey: searchKeys.query(text, locationId),
    queryFn: ({ signal }) => api(globalSearch, { query: { q: text, locationId: locationId ?? undefined }, signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
    // Results go stale quickly while records are being edited; a search is cheap.
    staleTime: 30_000,
  });
}
