import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsdomControl, jsdomLabelControlInstalled } from './jsdom-label-control';
import { fromJsdom } from './jsdom-style-index';

const { implForWrapper, wrapperForImpl } = fromJsdom('./jsdom/living/generated/utils.js') as { implForWrapper(w: unknown): object; wrapperForImpl(i: unknown): unknown };
/** What jsdom's own getter answers for this label. */
const jsdomAnswer = (label: HTMLLabelElement) => {
  const impl = jsdomControl(implForWrapper(label));
  return impl ? wrapperForImpl(impl) : null;
};

describe('the label control of the web tests', () => {
  it('finds the same control as jsdom for every label: by for, by nesting, shared and missing ids, controls that cannot be labelled', () => {
    render(
      <form>
        <TextField label="Name" id="name" />
        <TextField select label="Colour" id="colour" value="red">
          <MenuItem value="red">Red</MenuItem>
        </TextField>
        <FormControlLabel control={<Checkbox />} label="Agreed" />
        <label htmlFor="twice">Shared id</label>
        <input id="twice" />
        <input id="twice" />
        <label htmlFor="nowhere">No such id</label>
        <label htmlFor="para">Not a control</label>
        <p id="para">text</p>
        <label htmlFor="hidden-one">Hidden input</label>
        <input id="hidden-one" type="hidden" />
        <label htmlFor="">Empty for</label>
        <label>
          Wrapped <textarea />
        </label>
      </form>,
    );
    const labels = [...document.querySelectorAll('label')];
    expect(labels.length).toBeGreaterThanOrEqual(8);
    // The setup file installed it: the comparison below is the getter against jsdom's own.
    expect(jsdomLabelControlInstalled()).toBe(true);
    for (const label of labels) expect(label.control).toBe(jsdomAnswer(label));
    // The ones with an element of their own are found, through the fast path or jsdom's.
    expect(screen.getByLabelText('Name')).toBe(document.getElementById('name'));
    expect(screen.getByLabelText('Agreed')).toBeInstanceOf(HTMLInputElement);
    expect(labels.find((l) => l.textContent === 'Shared id')!.control).toBe(document.querySelectorAll('#twice')[0]);
  });

  it('follows ids as they change, and labels outside the document', () => {
    render(
      <div>
        <label htmlFor="later">Later</label>
        <input id="first" />
      </div>,
    );
    const label = screen.getByText('Later') as HTMLLabelElement;
    expect(label.control).toBeNull();
    const input = document.getElementById('first')!;
    input.id = 'later';
    expect(label.control).toBe(input);
    expect(label.control).toBe(jsdomAnswer(label));
    input.remove();
    expect(label.control).toBeNull();
    const detached = document.createElement('div');
    detached.innerHTML = '<label for="inside">Inside</label><input id="inside">';
    const loose = detached.querySelector('label')!;
    expect(loose.control).toBe(detached.querySelector('input'));
    expect(loose.control).toBe(jsdomAnswer(loose));
  });
});
