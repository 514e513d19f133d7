import { useMemo } from 'react';
import { Box } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable, type ServerPagination } from '../../components/data-table';
import type { ListLoadError } from '../../components/list-error';
import { cellText, type ReportColumn, type ReportView } from './report-definition';

type GridRow = { id: string; isTotal: boolean } & Record<string, string | boolean>;
export const TOTALS_ROW_ID = 'report-totals';

/** The rows of one page with the report's totals as its last row (totals are always of every row). */
export function gridRows<R>(view: ReportView<R>, columns: readonly ReportColumn<R>[], rowId: (row: R) => string, pageRows: readonly R[]): GridRow[] {
  const toGrid = (row: R, id: string, isTotal: boolean): GridRow => {
    const cells: Record<string, string> = {};
    for (const column of columns) cells[column.field] = cellText(column, row, view.currency);
    return { ...cells, id, isTotal };
  };
  return [...pageRows.map((row) => toGrid(row, rowId(row), false)), toGrid(view.totals, TOTALS_ROW_ID, true)];
}

interface ReportTableProps<R> {
  label: string;
  view: ReportView<R> | undefined;
  columns: readonly ReportColumn<R>[];
  rowId: (row: R) => string;
  /** the rows this page shows (a slice of view.rows, or all of a server page) */
  pageRows: readonly R[];
  pagination: ServerPagination;
  loading: boolean;
  loadError: ListLoadError | null;
  noRowsLabel: string;
}

/** A report on screen: its columns, a page of its rows and the totals row, money right-aligned. */
export function ReportTable<R>({ label, view, columns, rowId, pageRows, pagination, loading, loadError, noRowsLabel }: ReportTableProps<R>) {
  const gridColumns = useMemo<GridColDef<GridRow>[]>(
    () =>
      columns.map((column) => ({
        field: column.field,
        headerName: column.header,
        sortable: false,
        ...(column.grow ? { flex: 1, minWidth: 160 } : { width: column.kind === 'money' ? 130 : 120 }),
        ...(column.kind !== 'text' && { align: 'right' as const, headerAlign: 'right' as const }),
        renderCell: ({ row, value }) => (row.isTotal ? <Box component="strong">{String(value)}</Box> : String(value)),
      })),
    [columns],
  );
  const rows = view && (view.rows.length > 0 ? gridRows(view, columns, rowId, pageRows) : []);
  return (
    <DataTable<GridRow>
      label={label}
      rows={rows}
      columns={gridColumns}
      loading={loading}
      loadError={loadError}
      noRowsLabel={noRowsLabel}
      server={pagination}
    />
  );
}
