import { memo, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useStableHandlers } from './use-stable-handlers';

afterEach(cleanup);

describe('useStableHandlers', () => {
  it('hands a memoised part the same functions while the form draws, and they act on the form as it is now', () => {
    const partDrawn = vi.fn();
    const added = vi.fn();
    const Part = memo(function Part({ onAdd }: { onAdd: () => void }) {
      partDrawn();
      return (
        <button type="button" onClick={onAdd}>
          Add
        </button>
      );
    });
    function Form() {
      const [text, setText] = useState('');
      const on = useStableHandlers({ add: () => added(text) });
      return (
        <>
          <input aria-label="Text" value={text} onChange={(e) => setText(e.target.value)} />
          <Part onAdd={on.add} />
        </>
      );
    }
    render(<Form />);
    const box = screen.getByRole('textbox', { name: 'Text' });
    for (const typed of ['h', 'he', 'hey']) fireEvent.change(box, { target: { value: typed } });
    expect(partDrawn).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(added.mock.calls).toEqual([['hey']]);
  });
});
