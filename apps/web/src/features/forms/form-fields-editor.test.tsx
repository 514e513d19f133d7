import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { FormTemplateInput, type AddOn } from '@willow/contracts';
import { validate } from '../../lib/zod-errors';
import { resetAll, stubMatchMedia } from '../../test/test-support';
import { toFields } from './form-field-drafts';
import type { FieldDraft } from './form-field-drafts';
import { FormFieldsEditor } from './form-fields-editor';

const LOCATION = '11111111-1111-4111-8111-111111111111';

/** The editor with its drafts in state, and Check running the contract the dialog saves with. */
function Harness({ onFields, addOns }: { onFields: (fields: ReturnType<typeof toFields>) => void; addOns?: AddOn[] }) {
  const [drafts, setDrafts] = useState<FieldDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  return (
    <>
      <FormFieldsEditor
        addOns={addOns}
        value={drafts}
        errors={errors}
        onChange={(next) => {
          setDrafts(next);
          onFields(toFields(next));
        }}
      />
      <button
        type="button"
        onClick={() => {
          const result = validate(FormTemplateInput, { locationId: LOCATION, name: 'Consent', fields: toFields(drafts) });
          setErrors(result.ok ? {} : result.errors);
        }}
      >
        Check
      </button>
    </>
  );
}

const addField = (type: string) => {
  fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
  fireEvent.click(screen.getByRole('menuitem', { name: type }));
};
const typeInto = (label: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name: label }), { target: { value } });
const valueOf = (label: string) => (screen.getByRole('textbox', { name: label }) as HTMLInputElement).value;

describe('FormFieldsEditor', () => {
  beforeEach(stubMatchMedia);
  afterEach(resetAll);

  it('builds a consent form: a choice with its choices, a consent clause and one signature', () => {
    const onFields = vi.fn();
    render(<Harness onFields={onFields} />);
    addField('Choice');
    typeInto('Field 1 label', 'Cremation type');
    expect(valueOf('Field 1 key')).toBe('cremationType');
    typeInto('Field 1 choices', 'Private\nPartitioned\nCommunal');
    addField('Consent clause');
    typeInto('Field 2 clause', 'I consent to the euthanasia of {{ patient.name }}.');
    addField('Signature');
    // One signature per form: the menu no longer offers a second.
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    expect(screen.getByRole('menuitem', { name: 'Signature' }).getAttribute('aria-disabled')).toBe('true');
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    expect(onFields).toHaveBeenLastCalledWith([
      { key: 'cremationType', type: 'choice', label: 'Cremation type', required: true, help: null, options: ['Private', 'Partitioned', 'Communal'], text: null },
      { key: 'iAgree', type: 'consent', label: 'I agree', required: true, help: null, options: [], text: 'I consent to the euthanasia of {{ patient.name }}.' },
      { key: 'signature', type: 'signature', label: 'Signature', required: true, help: null, options: [], text: null },
    ]);
  });

  it('a key typed by hand stays when the label changes; required and help are per field', () => {
    const onFields = vi.fn();
    render(<Harness onFields={onFields} />);
    addField('Text');
    typeInto('Field 1 label', 'Pet name');
    typeInto('Field 1 key', 'animal');
    typeInto('Field 1 label', 'Your pet’s name');
    typeInto('Field 1 help', 'As on the records');
    fireEvent.click(screen.getByRole('switch', { name: 'Your pet’s name: required' }));
    expect(onFields).toHaveBeenLastCalledWith([
      { key: 'animal', type: 'text', label: 'Your pet’s name', required: true, help: 'As on the records', options: [], text: null },
    ]);
  });

  it('reorders and removes fields', () => {
    const onFields = vi.fn();
    render(<Harness onFields={onFields} />);
    addField('Date');
    typeInto('Field 1 label', 'Visit date');
    addField('Number');
    typeInto('Field 2 label', 'Weight');
    expect((screen.getByRole('button', { name: 'Move Visit date up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Weight down' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move Weight up' }));
    expect(screen.getAllByTestId('form-field').map((f) => within(f).getAllByRole('textbox')[0]!.getAttribute('value'))).toEqual(['Weight', 'Visit date']);
    expect(onFields.mock.lastCall![0].map((f: { key: string }) => f.key)).toEqual(['weight', 'visitDate']);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Weight' }));
    expect(onFields.mock.lastCall![0].map((f: { key: string }) => f.key)).toEqual(['visitDate']);
  });

  it('shows the contract’s errors under the field they are about', () => {
    render(<Harness onFields={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText('This field must have at least one field.')).toBeTruthy();
    addField('Choice');
    addField('Consent clause');
    typeInto('Field 2 label', '');
    typeInto('Field 1 key', 'Bad key');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const [choice, consent] = screen.getAllByTestId('form-field');
    expect(within(choice!).getByText('This field must have at least one choice.')).toBeTruthy();
    expect(within(choice!).getByText('This field must start with a small letter and use only letters, digits and _.')).toBeTruthy();
    expect(within(consent!).getAllByText('This field is required.')).toHaveLength(2);
  });

  it('maps a ticked checkbox to an add-on and a choice’s options to aftercare', () => {
    const onFields = vi.fn();
    const pawPrint = { id: '22222222-2222-4222-8222-222222222222', name: 'Paw print', active: true } as AddOn;
    const retired = { id: '33333333-3333-4333-8333-333333333333', name: 'Old urn', active: false } as AddOn;
    render(<Harness onFields={onFields} addOns={[pawPrint, retired]} />);
    const pick = (group: HTMLElement, label: string, option: string) => {
      fireEvent.mouseDown(within(group).getByRole('combobox', { name: label }));
      fireEvent.click(screen.getByRole('option', { name: option }));
    };
    addField('Checkbox');
    typeInto('Field 1 label', 'A paw print');
    fireEvent.click(screen.getByRole('button', { name: 'Add to the appointment…' }));
    const ticked = screen.getByRole('group', { name: 'A paw print: When ticked' });
    fireEvent.mouseDown(within(ticked).getByRole('combobox', { name: 'Add-on' }));
    // a retired add-on is not offered for new mappings
    expect(screen.queryByRole('option', { name: 'Old urn' })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Paw print' }));

    addField('Choice');
    typeInto('Field 2 label', 'Cremation');
    typeInto('Field 2 choices', 'Private\nCommunal');
    fireEvent.click(screen.getByRole('button', { name: 'Add to the appointment…' }));
    pick(screen.getByRole('group', { name: 'Cremation: Private' }), 'Cremation', 'Private cremation');
    pick(screen.getByRole('group', { name: 'Cremation: Private' }), 'Ashes', 'Ashes returned');
    pick(screen.getByRole('group', { name: 'Cremation: Communal' }), 'Cremation', 'Communal cremation');

    const fields = onFields.mock.lastCall![0] as ReturnType<typeof toFields>;
    expect(fields.map((f) => f.mappings)).toEqual([
      [{ option: null, addOnId: pawPrint.id, cremationType: null, ashesDisposition: null }],
      [
        { option: 'Private', addOnId: null, cremationType: 'private', ashesDisposition: 'returned' },
        { option: 'Communal', addOnId: null, cremationType: 'communal', ashesDisposition: null },
      ],
    ]);
    expect(validate(FormTemplateInput, { locationId: LOCATION, name: 'Consent', fields }).ok).toBe(true);
    // an option renamed away takes its mapping with it
    typeInto('Field 2 choices', 'Private');
    expect((onFields.mock.lastCall![0] as ReturnType<typeof toFields>)[1]!.mappings).toHaveLength(1);
  });
});
