import { useState } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { GridPaginationModel } from '@mui/x-data-grid';
import type { ServerPagination } from './data-table';

/**
 * The paging of a server-paged list on the shared data table. Give it the list's filter (null
 * while it cannot be asked yet); it answers the query with `limit` and `offset` added, the list
 * query options (the old page stays on screen while the next loads), and the table's `server`
 * prop for the answer's total. A changed filter (a search typed, another location) starts again
 * at the first page.
 *
 *   const pages = useServerPages(locationId ? { locationId, search } : null);
 *   const clients = useClients(pages.query, pages.options);
 *   <DataTable rows={clients.data?.items} server={pages.table(clients.data?.total)} … />
 */
export function useServerPages<F extends object>(filter: F | null, pageSize = 25) {
  const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize });
  const key = JSON.stringify(filter);
  const [seen, setSeen] = useState(key);
  if (seen !== key) {
    // Adjusted while rendering (not in an effect): React renders again at once with page one, so
    // the old filter's page is never asked for.
    setSeen(key);
    if (model.page !== 0) setModel({ ...model, page: 0 });
  }
  const query = { ...(filter ?? ({} as F)), limit: model.pageSize, offset: model.page * model.pageSize };
  return {
    query,
    options: { enabled: filter !== null, placeholderData: keepPreviousData },
    table: (total: number | undefined): ServerPagination => ({ rowCount: total ?? 0, model, onModelChange: setModel }),
  };
}
