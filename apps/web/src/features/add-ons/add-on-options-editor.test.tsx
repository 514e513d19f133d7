import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { stubMatchMedia } from '../../test/test-support';
import { draftsFrom, toOptions } from './add-on-options';
import type { AddOnOptionValue, OptionDraft } from './add-on-options';
import { AddOnOptionsEditor } from './add-on-options-editor';

function Harness({ initial = [], errors = {}, onSubmit, onOptions }: {
  initial?: AddOnOptionValue[];
  errors?: Record<string, string>;
  onSubmit: () => void;
  onOptions: (options: AddOnOptionValue[]) => void;
}) {
  const [drafts, setDrafts] = useState<OptionDraft[]>(() => draftsFrom(initial));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <AddOnOptionsEditor
        value={drafts}
        errors={errors}
        onChange={(next) => {
          setDrafts(next);
          onOptions(toOptions(next));
        }}
      />
    </form>
  );
}

const typeInto = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });

describe('AddOnOptionsEditor', () => {
  beforeEach(stubMatchMedia);
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('builds an option with choices; Enter adds a choice instead of submitting the form', () => {
    const onSubmit = vi.fn();
    const onOptions = vi.fn();
    render(<Harness onSubmit={onSubmit} onOptions={onOptions} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    typeInto('Option 1 name', 'Ink colour');
    typeInto('Add a choice to Ink colour', 'Black');
    // false: the default (submitting the surrounding form) was prevented
    expect(fireEvent.keyDown(screen.getByRole('textbox', { name: 'Add a choice to Ink colour' }), { key: 'Enter' })).toBe(false);
    typeInto('Add a choice to Ink colour', 'Blue');
    fireEvent.click(screen.getByRole('button', { name: 'Add choice' }));
    typeInto('Add a choice to Ink colour', 'BLUE');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Add a choice to Ink colour' }), { key: 'Enter' });

    expect(onSubmit).not.toHaveBeenCalled();
    expect(onOptions).toHaveBeenLastCalledWith([{ name: 'Ink colour', choices: ['Black', 'Blue'] }]);
    expect(screen.getByRole('textbox', { name: 'Add a choice to Ink colour' })).toHaveProperty('value', '');
  });

  it('removes a choice, then the whole option; an option without choices reads as free text', () => {
    const onOptions = vi.fn();
    render(
      <Harness
        initial={[
          { name: 'Ink colour', choices: ['Black', 'Blue'] },
          { name: 'Engraving', choices: [] },
        ]}
        onSubmit={vi.fn()}
        onOptions={onOptions}
      />,
    );
    expect(screen.getByText('Free text')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Remove Black from Ink colour'));
    expect(onOptions).toHaveBeenLastCalledWith([
      { name: 'Ink colour', choices: ['Blue'] },
      { name: 'Engraving', choices: [] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Ink colour' }));
    expect(onOptions).toHaveBeenLastCalledWith([{ name: 'Engraving', choices: [] }]);
    expect(screen.getByRole('textbox', { name: 'Option 1 name' })).toHaveProperty('value', 'Engraving');
  });

  it('shows the contract errors against their option', () => {
    render(
      <Harness
        initial={[{ name: '', choices: [] }]}
        errors={{ 'options.0.name': 'is required', options: 'option names must differ' }}
        onSubmit={vi.fn()}
        onOptions={vi.fn()}
      />,
    );
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(screen.getByText('option names must differ')).toBeTruthy();
  });
});
