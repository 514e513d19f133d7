import { describe, expect, it } from 'vitest';
import { FormField, FormTemplateInput } from '@willow/contracts';
import { addField, changeField, changeKey, changeLabel, draftsFrom, keyFromLabel, MAX_FIELDS, moveField, removeField, toFields } from './form-field-drafts';
import type { FieldDraft } from './form-field-drafts';

const ids = (drafts: readonly FieldDraft[]) => drafts.map((d) => d.key);
const last = (drafts: readonly FieldDraft[]) => drafts.at(-1)!;

describe('keyFromLabel', () => {
  it.each([
    ['Pet’s name', 'petsName'],
    ["Owner's phone number", 'ownersPhoneNumber'],
    ['Cremation: private, partitioned or communal?', 'cremationPrivatePartitionedOrCommunal'],
    ['Date of birth', 'dateOfBirth'],
    ['Crémation choisie', 'cremationChoisie'],
    ['2nd contact', 'field2ndContact'],
    ['', ''],
    ['A'.repeat(60), 'a'.repeat(40)],
  ])('%s → %s', (label, key) => {
    expect(keyFromLabel(label)).toBe(key);
    if (key) expect(FormField.shape.key.safeParse(key).success).toBe(true);
  });
});

describe('the field list', () => {
  it('a new field’s key follows its label until the key is typed by hand', () => {
    let drafts = addField([], 'text');
    const id = drafts[0]!.id;
    drafts = changeLabel(drafts, id, 'Pet’s name');
    expect(drafts[0]!.key).toBe('petsName');
    drafts = changeKey(drafts, id, 'animal');
    drafts = changeLabel(drafts, id, 'Name of your pet');
    expect(drafts[0]).toMatchObject({ label: 'Name of your pet', key: 'animal' });
  });

  it('keys stay unique as labels repeat', () => {
    let drafts = addField(addField([], 'text'), 'text');
    drafts = changeLabel(drafts, drafts[0]!.id, 'Name');
    drafts = changeLabel(drafts, drafts[1]!.id, 'Name');
    expect(ids(drafts)).toEqual(['name', 'name2']);
    drafts = addField(drafts, 'signature');
    drafts = addField(drafts, 'consent');
    expect(last(drafts)).toMatchObject({ type: 'consent', label: 'I agree', key: 'iAgree', required: true });
    expect(drafts[2]).toMatchObject({ type: 'signature', label: 'Signature', key: 'signature', required: true });
  });

  it('a saved template’s keys are kept when its labels change (answers already use them)', () => {
    const drafts = draftsFrom([{ key: 'petName', type: 'text', label: 'Pet name', required: true, help: null, options: [], text: null }]);
    expect(changeLabel(drafts, drafts[0]!.id, 'Your pet’s name')[0]!.key).toBe('petName');
  });

  it('moves fields up and down, not past either end, and removes them', () => {
    let drafts = (['text', 'date', 'number'] as const).reduce<FieldDraft[]>((all, type) => addField(all, type), []);
    const [a, b, c] = drafts.map((d) => d.id);
    drafts = moveField(drafts, c!, -1);
    expect(drafts.map((d) => d.type)).toEqual(['text', 'number', 'date']);
    expect(moveField(drafts, a!, -1).map((d) => d.id)).toEqual(drafts.map((d) => d.id));
    expect(moveField(drafts, b!, 1).map((d) => d.id)).toEqual(drafts.map((d) => d.id));
    drafts = removeField(drafts, a!);
    expect(drafts.map((d) => d.type)).toEqual(['number', 'date']);
  });

  it('stops at the contract’s 60 fields', () => {
    let drafts: FieldDraft[] = [];
    for (let i = 0; i < MAX_FIELDS + 3; i++) drafts = addField(drafts, 'text');
    expect(drafts).toHaveLength(MAX_FIELDS);
  });

  it('saves only what each type uses, and the contract accepts it', () => {
    let drafts = addField(addField(addField([], 'choice'), 'consent'), 'signature');
    const [choice, consent] = drafts;
    drafts = changeLabel(drafts, choice!.id, 'Cremation');
    drafts = changeField(drafts, choice!.id, { choices: 'Private\n\n  Communal  \n', help: '  ', text: 'ignored' });
    drafts = changeField(drafts, consent!.id, { text: 'I consent to the euthanasia of {{ patient.name }}.', choices: 'ignored', help: 'Read it first' });
    const fields = toFields(drafts);
    expect(fields).toEqual([
      { key: 'cremation', type: 'choice', label: 'Cremation', required: true, help: null, options: ['Private', 'Communal'], text: null },
      { key: 'iAgree', type: 'consent', label: 'I agree', required: true, help: 'Read it first', options: [], text: 'I consent to the euthanasia of {{ patient.name }}.' },
      { key: 'signature', type: 'signature', label: 'Signature', required: true, help: null, options: [], text: null },
    ]);
    expect(FormTemplateInput.safeParse({ locationId: '11111111-1111-4111-8111-111111111111', name: 'Consent', fields }).success).toBe(true);
  });
});
