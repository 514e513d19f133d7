import { useId, useState, type ReactNode } from 'react';
import { Box, Card, CardContent, CardHeader, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, ToggleButton, ToggleButtonGroup } from '@mui/material';

export interface FigureTable {
  columns: { header: string; numeric?: boolean }[];
  rows: { key: string; cells: ReactNode[] }[];
  /** the totals' row, when the figures add up */
  total?: ReactNode[];
}

type View = 'chart' | 'table';

/**
 * One chart of the dashboard with its Table view: the same figures as rows and columns, for a
 * screen reader or a keyboard, which cannot read a picture of bars. The choice is per card.
 */
export function ChartCard({ title, summary, chart, table, empty }: { title: string; summary: string; chart: ReactNode; table: FigureTable; empty?: string | null }) {
  const [view, setView] = useState<View>('chart');
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardHeader
        title={title}
        subheader={summary}
        slotProps={{ title: { id: headingId, component: 'h2', variant: 'h6' } }}
        action={
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_e, next: View | null) => next && setView(next)} aria-label={`${title}: view`}>
            <ToggleButton value="chart">Chart</ToggleButton>
            <ToggleButton value="table">Table</ToggleButton>
          </ToggleButtonGroup>
        }
        sx={{ flexWrap: 'wrap', gap: 1, '& .MuiCardHeader-action': { alignSelf: 'center', m: 0 } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {empty ? (
          <Box sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>{empty}</Box>
        ) : view === 'chart' ? (
          <Box sx={{ height: 280 }}>{chart}</Box>
        ) : (
          <FiguresTable title={title} table={table} />
        )}
      </CardContent>
    </Card>
  );
}

function FiguresTable({ title, table }: { title: string; table: FigureTable }) {
  return (
    // A wide table scrolls sideways on a phone; focusable so a keyboard can scroll it too.
    <TableContainer tabIndex={0} role="region" aria-label={`${title} (table)`} sx={{ maxHeight: 360, overflow: 'auto' }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {table.columns.map((c) => (
              <TableCell key={c.header} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row) => (
            <TableRow key={row.key}>
              {row.cells.map((cell, i) => (
                <TableCell key={table.columns[i]!.header} align={table.columns[i]!.numeric ? 'right' : 'left'} component={i === 0 ? 'th' : 'td'} scope={i === 0 ? 'row' : undefined} sx={{ whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {table.total && (
            <TableRow>
              {table.total.map((cell, i) => (
                <TableCell key={table.columns[i]!.header} align={table.columns[i]!.numeric ? 'right' : 'left'} component={i === 0 ? 'th' : 'td'} scope={i === 0 ? 'row' : undefined} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
