import { describe, expect, it } from 'vitest';
import { clientOps, contactOps, crudOperations, authenticated, scheduleNoteOps } from '@willow/contracts';
import { z } from 'zod';
import { formSchemaOf } from './use-entity-form';

describe('formSchemaOf', () => {
  it('takes the form’s schema from the contract’s create body, under its wrapper', () => {
    const schema = formSchemaOf(contactOps);
    expect(schema.safeParse({ name: 'Dr Green' }).success).toBe(true);
    const refused = schema.safeParse({ name: '' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['name']);
    // Every field of a new record is asked of an edit too: the create schema, not the partial update.
    expect(formSchemaOf(clientOps).safeParse({ firstName: 'Ann' }).success).toBe(false);
    expect(formSchemaOf(scheduleNoteOps).safeParse({}).success).toBe(false);
  });

  it('reads a named wrapper', () => {
    const ops = crudOperations({
      path: '/api/template',
      tag: 't',
      noun: 'template',
      entity: z.object({ id: z.string() }),
      read: authenticated,
      write: authenticated,
      update: { input: z.object({ title: z.string().min(1) }) },
      wrapper: 'templateData',
    });
    expect(formSchemaOf(ops).safeParse({ title: 'x' }).success).toBe(true);
    expect(formSchemaOf(ops).safeParse({ title: '' }).success).toBe(false);
  });
});
