import { describe, expect, it } from 'vitest';
import {
  addOption,
  changeOption,
  choiceError,
  commitPending,
  describeOptions,
  draftsFrom,
  MAX_OPTIONS,
  removeChoice,
  removeOption,
  toOptions,
  withChoice,
} from './add-on-options';

describe('add-on options', () => {
  it('adds choices trimmed, once each whatever the case, and never blanks', () => {
    let choices = withChoice([], '  Black ');
    choices = withChoice(choices, 'black');
    choices = withChoice(choices, '   ');
    choices = withChoice(choices, 'Blue');
    expect(choices).toEqual(['Black', 'Blue']);
  });

  it('edits one option without touching the others', () => {
    let drafts = addOption(addOption([]));
    drafts = changeOption(drafts, 0, { name: 'Ink colour', pending: 'Black' });
    drafts = commitPending(drafts, 0);
    drafts = changeOption(drafts, 1, { name: 'Engraving' });
    expect(drafts.map(({ name, choices, pending }) => ({ name, choices, pending }))).toEqual([
      { name: 'Ink colour', choices: ['Black'], pending: '' },
      { name: 'Engraving', choices: [], pending: '' },
    ]);
    expect(new Set(drafts.map((d) => d.key)).size).toBe(2);
    expect(removeChoice(drafts, 0, 'Black')[0]?.choices).toEqual([]);
    expect(removeOption(drafts, 0).map((d) => d.name)).toEqual(['Engraving']);
  });

  it('keeps a choice still typed in its box when saving', () => {
    const drafts = changeOption(draftsFrom([{ name: 'Ink colour', choices: ['Black'] }]), 0, { pending: 'Blue ' });
    expect(toOptions(drafts)).toEqual([{ name: 'Ink colour', choices: ['Black', 'Blue'] }]);
  });

  it('stops at the contract limit of options', () => {
    let drafts = draftsFrom([]);
    for (let i = 0; i < MAX_OPTIONS + 2; i += 1) drafts = addOption(drafts);
    expect(drafts).toHaveLength(MAX_OPTIONS);
  });

  it('summarises options for the list, free text where there are no choices', () => {
    expect(
      describeOptions([
        { name: 'Ink colour', choices: ['Black', 'Blue'] },
        { name: 'Engraving', choices: [] },
      ]),
    ).toBe('Ink colour: Black, Blue · Engraving: free text');
  });

  it('finds the error of an option\'s choices by contract path', () => {
    const errors = { 'options.1.choices.2': 'must be at most 60 characters', 'options.10.choices': 'x' };
    expect(choiceError(errors, 1)).toBe('must be at most 60 characters');
    expect(choiceError(errors, 0)).toBeUndefined();
  });
});
