import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { GridColDef } from '@mui/x-data-grid';
import { DataTable } from './data-table';

afterEach(cleanup);

const columns = [{ field: 'name', headerName: 'Name', flex: 1 }];
const rows = [{ id: '1', name: 'Rex' }];

describe('DataTable', () => {
  it('shows a named progress bar outside the grid while rows on screen reload', () => {
    const { rerender } = render(<DataTable label="Stock" rows={rows} columns={columns} loading />);
    const grid = screen.getByRole('grid', { name: 'Stock' });
    const bar = screen.getByRole('progressbar', { name: 'Loading stock' });
    expect(grid.contains(bar)).toBe(false);
    expect(within(grid).queryByRole('progressbar')).toBeNull();

    rerender(<DataTable label="Stock" rows={rows} columns={columns} loading={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('leaves the first load to the grid (no bar of ours over an empty grid)', () => {
    render(<DataTable label="Stock" rows={undefined} columns={columns} loading />);
    expect(screen.queryByRole('progressbar', { name: 'Loading stock' })).toBeNull();
  });

  it('is not drawn again when the page draws for something else, and a click reaches the page as it is now', () => {
    const drawn = vi.fn();
    const clicked = vi.fn();
    const counted: GridColDef<{ id: string; name: string }>[] = [
      { field: 'name', headerName: 'Name', flex: 1, renderCell: ({ row }) => (drawn(), row.name) },
    ];
    function Page() {
      const [presses, setPresses] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setPresses((n) => n + 1)}>
            Pressed {presses}
          </button>
          <DataTable label="Pets" rows={rows} columns={counted} onRowClick={(row) => clicked(row.name, presses)} isRowMuted={() => presses > 5} />
        </>
      );
    }
    render(<Page />);
    const cell = screen.getByRole('gridcell', { name: 'Rex' });
    const draws = drawn.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 0' }));
    fireEvent.click(screen.getByRole('button', { name: 'Pressed 1' }));
    screen.getByRole('button', { name: 'Pressed 2' });
    expect(drawn.mock.calls.length).toBe(draws);
    fireEvent.click(cell);
    expect(clicked.mock.calls).toEqual([['Rex', 2]]);
  });
});
