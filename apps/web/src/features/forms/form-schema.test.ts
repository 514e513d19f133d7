import validator from '@rjsf/validator-ajv8';
import { answersSchemaOf, FormField, formSchemaOf, FORM_SIGNATURE_MAX, type FormField as Field } from '@willow/contracts';
import { describe, expect, it } from 'vitest';

/**
 * The form a client fills in is checked twice: in the page by @rjsf's ajv validator against
 * formSchemaOf's JSON Schema, on the server by answersSchemaOf. Both must agree on every field type.
 */
const field = (f: Partial<Field> & Pick<Field, 'key' | 'type'>): Field => FormField.parse({ label: f.key, ...f });
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const fields: Field[] = [
  field({ key: 'name', type: 'text', required: true, help: 'As on your ID' }),
  field({ key: 'notes', type: 'longText' }),
  field({ key: 'cremation', type: 'choice', required: true, options: ['Private', 'Communal'] }),
  field({ key: 'newsletter', type: 'checkbox' }),
  field({ key: 'visitDate', type: 'date', required: true }),
  field({ key: 'weight', type: 'number' }),
  field({ key: 'signature', type: 'signature', required: true }),
  field({ key: 'consent', type: 'consent', required: true, text: 'I consent to the euthanasia of Biscuit.' }),
];
const good = { name: 'Maria', cremation: 'Private', newsletter: false, visitDate: '2026-11-24', weight: 28.5, signature: PNG, consent: true };

const ajvAccepts = (answers: Record<string, unknown>) => validator.validateFormData(answers, formSchemaOf(fields).schema).errors.length === 0;
const zodAccepts = (answers: Record<string, unknown>) => answersSchemaOf(fields).safeParse(answers).success;

describe('formSchemaOf', () => {
  it('gives each type its schema and widget, in the fields’ order', () => {
    const { schema, uiSchema } = formSchemaOf(fields);
    const props = schema.properties as Record<string, Record<string, unknown>>;
    expect(schema.required).toEqual(['name', 'cremation', 'visitDate', 'signature', 'consent']);
    expect(props.name).toMatchObject({ type: 'string', title: 'name', minLength: 1 });
    expect(props.cremation).toMatchObject({ type: 'string', enum: ['Private', 'Communal'] });
    expect(props.newsletter).toMatchObject({ type: 'boolean', default: false });
    expect(props.visitDate).toMatchObject({ type: 'string', format: 'date' });
    expect(props.weight).toMatchObject({ type: 'number' });
    expect(props.signature).toMatchObject({ type: 'string', maxLength: FORM_SIGNATURE_MAX });
    expect(props.consent).toMatchObject({ type: 'boolean', const: true, description: 'I consent to the euthanasia of Biscuit.' });
    expect(uiSchema['ui:order']).toEqual(fields.map((f) => f.key));
    expect(uiSchema.notes).toMatchObject({ 'ui:widget': 'textarea' });
    expect(uiSchema.cremation).toMatchObject({ 'ui:widget': 'radio' });
    expect(uiSchema.signature).toMatchObject({ 'ui:widget': 'signature' });
    expect(uiSchema.name).toMatchObject({ 'ui:help': 'As on your ID' });
    expect(validator.isValid(schema, good, schema)).toBe(true);
  });

  it('an optional consent clause is a plain checkbox', () => {
    const { schema } = formSchemaOf([field({ key: 'photos', type: 'consent', text: 'You may share photos.' })]);
    expect((schema.properties as Record<string, Record<string, unknown>>).photos).not.toHaveProperty('const');
    expect(schema.required).toEqual([]);
  });
});

describe('the page’s check and the server’s agree', () => {
  const cases: [string, Record<string, unknown>, boolean][] = [
    ['good answers', good, true],
    ['optional answers left out', { ...good, newsletter: undefined, weight: undefined, notes: undefined }, true],
    ['a required text missing', { ...good, name: undefined }, false],
    ['a choice not offered', { ...good, cremation: 'Partitioned' }, false],
    ['a checkbox that is not a boolean', { ...good, newsletter: 'yes' }, false],
    ['a date that is not one', { ...good, visitDate: '24/11/2026' }, false],
    ['a number given as text', { ...good, weight: '28' }, false],
    ['a signature that is not a PNG data URL', { ...good, signature: 'data:image/svg+xml;base64,PHN2Zz4=' }, false],
    ['a signature too large', { ...good, signature: PNG + 'A'.repeat(FORM_SIGNATURE_MAX) }, false],
    ['a consent not given', { ...good, consent: false }, false],
    ['an answer to no field', { ...good, extra: 'x' }, false],
    ['a text too long', { ...good, notes: 'x'.repeat(10_001) }, false],
  ];
  it.each(cases)('%s', (_, answers, ok) => {
    const defined = Object.fromEntries(Object.entries(answers).filter(([, v]) => v !== undefined));
    expect(zodAccepts(defined)).toBe(ok);
    expect(ajvAccepts(defined)).toBe(ok);
  });

  it('the server refuses a blank required text the page would send as spaces', () => {
    expect(zodAccepts({ ...good, name: '   ' })).toBe(false);
  });
});
