// Form templates: fields stored with their JSON Schema and UI schema, versions, consent clauses
// checked by the template engine when saved, and who may manage them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { consentFields, createFormTemplate } from './forms.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let staff: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

const update = (id: string, data: Partial<api.FormTemplateInput>, caller: Client = home.admin) =>
  caller.call(api.formTemplateOps.update, { params: { id }, body: { formTemplateData: data } });

describe('form templates', () => {
  it('stores the fields with the schema and UI schema derived from them, as version 1', async () => {
    const t = await createFormTemplate(home, { description: '  Before the visit  ' });
    expect(t).toMatchObject({ locationId: home.locationId, name: 'Euthanasia consent', purpose: 'euthanasia_consent', description: 'Before the visit', version: 1 });
    expect(t.fields.map((f) => f.key)).toEqual(consentFields.map((f) => f.key));
    expect(t.fields[2]).toEqual({ key: 'ashesReturned', type: 'checkbox', label: 'Return the ashes', required: false, help: null, options: [], text: null });
    const parsed = api.FormTemplateInput.shape.fields.parse(consentFields);
    expect({ schema: t.schema, uiSchema: t.uiSchema }).toEqual(api.formSchemaOf(parsed));
    const got = await staff.call(api.formTemplateOps.get, { params: { id: t.id } });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(t);
  });

  it('goes up a version only when the fields change, and recomputes the schema', async () => {
    const t = await createFormTemplate(home);
    const renamed = await update(t.id, { name: 'Consent (home visits)', description: 'New words' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Consent (home visits)', version: 1 });
    const same = await update(t.id, { fields: consentFields });
    expect(same.json().version).toBe(1);
    const fields = [...consentFields, { key: 'phone', type: 'text' as const, label: 'Phone' }];
    const changed = await update(t.id, { fields });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().version).toBe(2);
    expect(Object.keys((changed.json().schema as { properties: object }).properties)).toContain('phone');
    expect((await update(t.id, { fields })).json().version).toBe(2);
  });

  it('lists a location’s form templates by name', async () => {
    const locationId = await addLocation(ctx, home);
    const b = await createFormTemplate(home, { locationId, name: 'b intake' });
    const a = await createFormTemplate(home, { locationId, name: 'A cremation choice', purpose: 'cremation_choice' });
    const res = await staff.call(api.formTemplateOps.list, { query: { locationId } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as api.FormTemplate[]).map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it('refuses a consent clause the template engine refuses, naming the field and line', async () => {
    const fields = (text: string) => consentFields.map((f) => (f.type === 'consent' ? { ...f, text } : f));
    const cases: [string, RegExp][] = [
      ['I consent for {{ client.shoeSize }}.', /^fields\.4\.text: line 1: .*client\.shoeSize/],
      ['Fine.\n{% if client.firstName %}unclosed', /^fields\.4\.text: line 2: /],
      ['{{ invoice.total }}', /^fields\.4\.text: line 1: .*invoice\.total/],
    ];
    for (const [text, message] of cases) {
      const res = await home.admin.call(api.formTemplateOps.create, {
        body: { formTemplateData: { locationId: home.locationId, name: 'Bad', fields: fields(text) } },
      });
      expect(res.statusCode, text).toBe(400);
      expect(errorOf(res)).toMatch(message);
    }
  });

  it('refuses a consent clause over the render limits with 422, naming the field and line', async () => {
    const nested = `Fine.\n{% assign xs = "${'a'.repeat(200)}" | split: "" %}{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}`;
    const res = await home.admin.call(api.formTemplateOps.create, {
      body: { formTemplateData: { locationId: home.locationId, name: 'Slow', fields: consentFields.map((f) => (f.type === 'consent' ? { ...f, text: nested } : f)) } },
    });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toBe('fields.4.text: line 2: the template repeats too much');
  });

  it('answers 400 naming the field', async () => {
    const base = { locationId: home.locationId, name: 'Form', fields: consentFields };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name: is required'],
      [{ fields: [] }, 'fields: must have at least one field'],
      [{ fields: [{ key: 'a', type: 'choice', label: 'Pick' }] }, 'fields.0.options: must have at least one choice'],
      [{ fields: [{ key: 'a', type: 'consent', label: 'Agree' }] }, 'fields.0.text: is required'],
      [{ fields: [{ key: 'Bad key', type: 'text', label: 'x' }] }, 'fields.0.key: must start with a small letter and use only letters, digits and _'],
      [{ fields: [{ key: 'a', type: 'text', label: 'x' }, { key: 'a', type: 'text', label: 'y' }] }, 'fields: field keys must differ'],
      [
        { fields: [{ key: 'a', type: 'signature', label: 'x' }, { key: 'b', type: 'signature', label: 'y' }] },
        'fields: must have at most one signature field',
      ],
      [{ purpose: 'adoption' }, expect.stringMatching(/^purpose: /) as unknown as string],
      [{ locationId: other.locationId }, 'locationId: unknown location'],
    ];
    for (const [extra, message] of cases) {
      const res = await home.admin.call(api.formTemplateOps.create, { body: { formTemplateData: { ...base, ...extra } } });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toEqual(message);
    }
  });

  it('is managed with locations.manage; everyone signed in reads it', async () => {
    const t = await createFormTemplate(home);
    const data = { formTemplateData: { locationId: home.locationId, name: 'Mine', fields: consentFields } };
    expect((await staff.call(api.formTemplateOps.create, { body: data })).statusCode).toBe(403);
    expect((await update(t.id, { name: 'Mine' }, staff)).statusCode).toBe(403);
    expect((await staff.call(api.formTemplateOps.remove, { params: { id: t.id } })).statusCode).toBe(403);
    expect((await staff.call(api.formTemplateOps.list, { query: { locationId: home.locationId } })).statusCode).toBe(200);
    const manager = await createUser(ctx, home, ['locations.manage']);
    expect((await manager.call(api.formTemplateOps.create, { body: data })).statusCode).toBe(201);
  });

  it('answers 404 for another account’s template or location, and deletes', async () => {
    const t = await createFormTemplate(home);
    expect((await other.admin.call(api.formTemplateOps.get, { params: { id: t.id } })).statusCode).toBe(404);
    expect((await update(t.id, { name: 'Theirs' }, other.admin)).statusCode).toBe(404);
    expect((await other.admin.call(api.formTemplateOps.remove, { params: { id: t.id } })).statusCode).toBe(404);
    expect((await other.admin.call(api.formTemplateOps.list, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    const removed = await home.admin.call(api.formTemplateOps.remove, { params: { id: t.id } });
    expect(removed.statusCode).toBe(200);
    expect((await home.admin.call(api.formTemplateOps.get, { params: { id: t.id } })).statusCode).toBe(404);
  });
});
