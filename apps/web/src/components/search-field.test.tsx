import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SearchField } from './search-field';

afterEach(cleanup);

/** A list page as the pages use the field: the settled text in its state, its draws counted. */
function Page({ onDraw, onSettled }: { onDraw: () => void; onSettled?: (text: string) => void }) {
  const [search, setSearch] = useState('');
  onDraw();
  return (
    <>
      <SearchField
        label="Search clients"
        placeholder="Search by name"
        onSettled={(text) => {
          setSearch(text);
          onSettled?.(text);
        }}
      />
      <output aria-label="Asked">{search}</output>
    </>
  );
}

describe('SearchField', () => {
  it('hands the page the trimmed text once typing pauses, and the page is not drawn for each key', async () => {
    const onDraw = vi.fn();
    const onSettled = vi.fn();
    render(<Page onDraw={onDraw} onSettled={onSettled} />);
    const box = screen.getByRole('textbox', { name: 'Search clients' });
    for (const typed of ['s', 'sm', 'smi', ' smi ']) fireEvent.change(box, { target: { value: typed } });

    expect(box).toHaveProperty('value', ' smi ');
    expect(onDraw).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('status', { name: 'Asked' }).textContent).toBe('smi'));
    expect(onSettled.mock.calls).toEqual([['smi']]);
    expect(onDraw).toHaveBeenCalledTimes(2);
  });

  it('hands nothing over at first, and the text again when it is cleared', async () => {
    const onSettled = vi.fn();
    render(<Page onDraw={() => {}} onSettled={onSettled} />);
    const box = screen.getByRole('textbox', { name: 'Search clients' });
    fireEvent.change(box, { target: { value: 'rex' } });
    await waitFor(() => expect(onSettled).toHaveBeenCalledWith('rex'));
    fireEvent.change(box, { target: { value: '' } });
    await waitFor(() => expect(onSettled).toHaveBeenLastCalledWith(''));
    expect(onSettled.mock.calls).toEqual([['rex'], ['']]);
  });

  it('shows its label when labelled', () => {
    render(<SearchField labelled label="Search name or number" onSettled={() => {}} />);
    expect(screen.getByLabelText('Search name or number').tagName).toBe('INPUT');
  });
});
