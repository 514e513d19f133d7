import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
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
});
