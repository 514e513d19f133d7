import { describe, expect, it } from 'vitest';
import {
  addOnChoiceLabel,
  addOnHeadline,
  addOnsToSend,
  answerTexts,
  checkAddOnValues,
  draftOf,
  filledValues,
  formatPrice,
  optionsOf,
} from './appointment-add-on-values';
import { addOnOf, APPOINTMENT_ID, PAW_PRINT_ID } from './test-support';

const pawPrint = addOnOf(PAW_PRINT_ID, 'Paw print', { options: [{ name: 'Ink colour', choices: ['Blue', 'Red'] }, { name: 'Engraving', choices: [] }] });
const attached = (values: Record<string, string>) => ({ id: 'attached', appointmentId: APPOINTMENT_ID, addOnId: PAW_PRINT_ID, name: 'Paw print', price: 45, values });

describe('texts of an add-on', () => {
  it('shows prices with two decimals', () => {
    expect(formatPrice(45)).toBe('45.00');
    expect(formatPrice(12.5)).toBe('12.50');
  });

  it('offers an item by category, name and price, and lists one by name, price and answers', () => {
    expect(addOnChoiceLabel(pawPrint)).toBe('Keepsakes – Paw print (45.00)');
    expect(addOnHeadline('Paw print', 45)).toBe('Paw print · 45.00');
    expect(answerTexts({ 'Ink colour': 'Blue', Engraving: 'Rex' })).toEqual(['Ink colour: Blue', 'Engraving: Rex']);
  });
});

describe('answers to an add-on’s options', () => {
  it('leave out blank ones', () => {
    expect(filledValues({ 'Ink colour': 'Blue', Engraving: '  ' })).toEqual({ 'Ink colour': 'Blue' });
  });

  it('are checked by the contract: trimmed when they pass, errors by option name when not', () => {
    expect(checkAddOnValues({ Engraving: ' Rex ', 'Ink colour': '' })).toEqual({ ok: true, values: { Engraving: 'Rex' } });
    const checked = checkAddOnValues({ Engraving: 'x'.repeat(201) });
    expect(checked).toEqual({ ok: false, errors: { Engraving: 'must be at most 200 characters' } });
  });
});

describe('optionsOf an attached add-on', () => {
  it('are its item’s current options', () => {
    expect(optionsOf(attached({ 'Ink colour': 'Red' }), [pawPrint])).toBe(pawPrint.options);
  });

  it('are the names it was answered with, as free text, once the item is gone', () => {
    expect(optionsOf(attached({ 'Ink colour': 'Red', Size: 'L' }), [])).toEqual([
      { name: 'Ink colour', choices: [] },
      { name: 'Size', choices: [] },
    ]);
  });
});

describe('add-ons chosen in the dialog', () => {
  it('become a listed draft with the item’s name and price', () => {
    expect(draftOf({ item: pawPrint, values: { 'Ink colour': 'Blue' } }, 3)).toEqual({
      key: 3,
      addOnId: PAW_PRINT_ID,
      name: 'Paw print',
      price: 45,
      values: { 'Ink colour': 'Blue' },
    });
  });

  it('are sent as id and answers, the one still being chosen last', () => {
    const staged = [draftOf({ item: pawPrint, values: { 'Ink colour': 'Blue' } }, 1), draftOf({ item: pawPrint, values: {} }, 2)];
    const pending = { addOnId: PAW_PRINT_ID, values: { Engraving: 'Rex' } };
    expect(addOnsToSend(staged, pending)).toEqual([
      { addOnId: PAW_PRINT_ID, values: { 'Ink colour': 'Blue' } },
      { addOnId: PAW_PRINT_ID, values: {} },
      { addOnId: PAW_PRINT_ID, values: { Engraving: 'Rex' } },
    ]);
    expect(addOnsToSend([], null)).toEqual([]);
  });
});
