import { useMemo } from 'react';
import type { ReactNode } from 'react';
import { alpha, Box, LinearProgress, Paper } from '@mui/material';
import { useLatest } from '../lib/use-latest';
import { ListError } from './list-error';
import type { ListLoadError } from './list-error';
import { DataGrid } from '@mui/x-data-grid';
import type {
  GridColDef,
  GridPaginationModel,
  GridRowId,
  GridRowIdGetter,
  GridValidRowModel,
} from '@mui/x-data-grid';

/** The rows live on the server: the grid shows one page and asks for others. */
export interface ServerPagination {
  /** how many rows there are in all */
  rowCount: number;
  model: GridPaginationModel;
  onModelChange: (model: GridPaginationModel) => void;
}

export const SERVER_PAGE_SIZES = [25, 50, 100];

/**
 * A phone's one column: the row folded into lines stacked in one cell, which wrap instead of
 * being cut off (`breakWords`: a long unbroken word, a link or an address, breaks anywhere).
 */
export function foldedColumn<R extends GridValidRowModel>(
  field: string,
  headerName: string,
  render: (row: R) => ReactNode,
  { breakWords = false }: { breakWords?: boolean } = {},
): GridColDef<R> {
  return {
    field,
    headerName,
    flex: 1,
    minWidth: 0,
    sortable: false,
    renderCell: ({ row }) => <Box sx={{ minWidth: 0, whiteSpace: 'normal', lineHeight: 1.4, ...(breakWords && { overflowWrap: 'anywhere' }) }}>{render(row)}</Box>,
  };
}

interface DataTableProps<R extends GridValidRowModel> {
  rows: readonly R[] | undefined;
  columns: GridColDef<R>[];
  loading?: boolean;
  getRowId?: GridRowIdGetter<R>;
  /** accessible name of the grid */
  label: string;
  noRowsLabel?: string;
  pageSize?: number;
  server?: ServerPagination;
  onRowClick?: (row: R) => void;
  /** greyed-out rows, e.g. deceased patients, still listed but clearly not active (decided from the row alone) */
  isRowMuted?: (row: R) => boolean;
  /** rows that need attention, e.g. overdue tasks: tinted red with a red edge (the row should also say why in words; decided from the row alone) */
  isRowFlagged?: (row: R) => boolean;
  /** checkbox selection, controlled by the page (ids of the selected rows) */
  selection?: { ids: readonly GridRowId[]; onChange: (ids: GridRowId[]) => void };
  /** the list could not be loaded: say so with a Retry, never the empty text (see loadErrorOf) */
  loadError?: ListLoadError | null;
  /** rows as tall as their content: a phone's folded column, several lines in one cell */
  autoRowHeight?: boolean;
}

/**
 * The one list grid of the app: same density, paging and empty text everywhere. The grid scrolls
 * sideways inside its box, so wide tables stay usable on a phone.
 */
export function DataTable<R extends GridValidRowModel>({
  rows,
  columns,
  loading,
  getRowId,
  label,
  noRowsLabel = 'Nothing here yet',
  pageSize = 25,
  server,
  onRowClick,
  isRowMuted,
  isRowFlagged,
  selection,
  loadError,
  autoRowHeight = false,
}: DataTableProps<R>) {
  // The page's callbacks as it last drew, called through functions that stay the same: the grid
  // below is drawn again only when what it shows changes (rows, columns, paging, selection,
  // loading), not each time the page draws for something else (a key typed in a dialog's field, a
  // dialog opened): a page of 25 rows is about 480 components (decision 0325). The row predicates
  // decide from the row alone, so a page's new function for them changes nothing on screen.
  const latest = useLatest({ onRowClick, isRowMuted, isRowFlagged, getRowId, server, selection, rows });
  const hasRowClick = Boolean(onRowClick);
  const rowClass = Boolean(isRowMuted || isRowFlagged);
  const ownRowId = Boolean(getRowId);
  const paged = server !== undefined;
  const rowCount = server?.rowCount;
  const pageModel = server?.model;
  const selectedIds = selection?.ids;
  // Reloading rows already on screen (a new search, another page): the grid's own bar would sit
  // nameless inside role=grid, where a progressbar is not an allowed child. Ours sits above the
  // grid, named. With nothing on screen yet the grid's skeleton rows stand in for the data.
  const reloading = Boolean(loading && rows?.length);
  const grid = useMemo(
    () => (
      <DataGrid<R>
        aria-label={label}
        rows={rows ?? []}
        columns={columns}
        loading={loading && !reloading}
        getRowId={ownRowId ? (row) => latest.current.getRowId!(row) : undefined}
        autoHeight
        density="compact"
        disableRowSelectionOnClick
        disableColumnMenu
        {...(paged
          ? {
              paginationMode: 'server' as const,
              rowCount,
              paginationModel: pageModel,
              onPaginationModelChange: (model: GridPaginationModel) => latest.current.server?.onModelChange(model),
              pageSizeOptions: SERVER_PAGE_SIZES,
              // Sorting one page of a server list would mislead: the server's order stands.
              disableColumnSorting: true,
            }
          : {
              pageSizeOptions: [10, 25, 50, 100],
              initialState: { pagination: { paginationModel: { pageSize } } },
            })}
        {...(selectedIds && {
          checkboxSelection: true,
          // A selection may span several searches (e.g. contacts to merge found one by one).
          keepNonExistentRowsSelected: true,
          rowSelectionModel: { type: 'include' as const, ids: new Set(selectedIds) },
          onRowSelectionModelChange: (model) => {
            // 'exclude' arrives from "select all": turn it back into the ids it stands for.
            const { rows: shown, getRowId: idOf, selection: current } = latest.current;
            const all = (shown ?? []).map((row) => (idOf ? idOf(row) : (row as unknown as { id: GridRowId }).id));
            current?.onChange(
              model.type === 'include' ? [...model.ids] : all.filter((id) => !model.ids.has(id)),
            );
          },
        })}
        onRowClick={hasRowClick ? ({ row }) => latest.current.onRowClick?.(row) : undefined}
        {...(autoRowHeight && { getRowHeight: () => 'auto' as const })}
        getRowClassName={
          rowClass
            ? ({ row }) => [latest.current.isRowMuted?.(row) && 'row-muted', latest.current.isRowFlagged?.(row) && 'row-flagged'].filter(Boolean).join(' ')
            : undefined
        }
        localeText={{ noRowsLabel }}
        sx={{
          border: 0,
          ...(autoRowHeight && { '& .MuiDataGrid-cell': { py: 1 } }),
          ...(hasRowClick && { '& .MuiDataGrid-row': { cursor: 'pointer' } }),
          // Greyed (a deceased patient's rows) yet readable: text.disabled on the grey row is 2.6:1,
          // text.secondary 5.3:1; links a shade darker than primary for the same reason.
          '& .row-muted': { color: 'text.secondary', bgcolor: 'action.hover' },
          '& .row-muted a, & .row-muted .MuiLink-root': { color: 'primary.dark' },
          // A flagged row: a light red tint (text keeps its contrast) and a red edge that needs no colour vision to see.
          '& .row-flagged': { bgcolor: (theme) => alpha(theme.palette.error.main, 0.06), boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.error.main}` },
          '& .row-flagged a, & .row-flagged .MuiLink-root': { color: 'primary.dark' },
        }}
      />
    ),
    [rows, columns, loading, reloading, label, noRowsLabel, pageSize, paged, rowCount, pageModel, selectedIds, hasRowClick, rowClass, ownRowId, autoRowHeight],
  );
  // Hooks first: a failed load may come and go while the table stays on the page.
  if (loadError && !rows?.length) return <ListError {...loadError} what={label.toLowerCase()} />;
  return (
    <>
      {loadError && <ListError {...loadError} what={label.toLowerCase()} />}
      <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden', position: 'relative' }}>
        {reloading && (
          <LinearProgress aria-label={`Loading ${label.toLowerCase()}`} sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1 }} />
        )}
        <Box sx={{ width: '100%' }}>{grid}</Box>
      </Paper>
    </>
  );
}
