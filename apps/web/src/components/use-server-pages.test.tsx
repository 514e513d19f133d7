import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import { useServerPages } from './use-server-pages';

afterEach(cleanup);

describe('useServerPages', () => {
  it('asks for the page on screen, and starts again at the first when the filter changes', () => {
    const { result, rerender } = renderHook(({ search }) => useServerPages(search === null ? null : { locationId: 'l1', search }), {
      initialProps: { search: 'a' as string | null },
    });
    expect(result.current.query).toEqual({ locationId: 'l1', search: 'a', limit: 25, offset: 0 });
    const table = result.current.table(120);
    expect(table.rowCount).toBe(120);
    act(() => table.onModelChange({ page: 2, pageSize: 50 }));
    expect(result.current.query).toMatchObject({ limit: 50, offset: 100 });
    expect(result.current.table(120).model).toEqual({ page: 2, pageSize: 50 });

    rerender({ search: 'ab' });
    // The first render with the new filter already asks for its first page (never page 3 of it).
    expect(result.current.query).toEqual({ locationId: 'l1', search: 'ab', limit: 50, offset: 0 });
    expect(result.current.table(3).model.page).toBe(0);
    expect(result.current.options.enabled).toBe(true);

    rerender({ search: null });
    expect(result.current.options.enabled).toBe(false);
    expect(result.current.table(undefined).rowCount).toBe(0);
  });
});
