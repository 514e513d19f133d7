import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import type { CrudOperationSet } from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';
import { newAddOn, newService } from '../../../test/scheduling-records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let manager: Client & { userId: string };
let staff: Client & { userId: string };
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  manager = await createUser(ctx, home, ['locations.manage']);
  staff = await createUser(ctx, home);
});
afterAll(() => ctx?.close());

type Kind = Exclude<api.TemplateKind, 'form'>;
const OPS: Record<Kind, CrudOperationSet> = {
  email: api.emailTemplateOps,
  sms: api.smsTemplateOps,
  note: api.noteTemplateOps,
  pdf: api.pdfTemplateOps,
  document: api.documentTemplateOps,
  invoice: api.invoiceTemplateOps,
};
/** A valid template of each kind, and its main text part. */
const VALID: Record<Kind, { data: Record<string, unknown>; part: string }> = {
  email: { data: { subject: 'About {{ patient.name }}', body: 'Dear {{ client.firstName }},\n\nSee you soon.' }, part: 'body' },
  sms: { data: { type: 'appointment_reminder', body: 'Hi {{ client.firstName }}, see you {{ appointment.date }}' }, part: 'body' },
  note: { data: { body: '{{ patient.name }} was calm. {{ staff.fullName }}' }, part: 'body' },
  pdf: { data: { header: '**{{ location.name }}**', footer: '{{ location.phone }}' }, part: 'header' },
  document: { data: { body: '# Certificate\n\n{{ patient.name }}, {{ today.date }}' }, part: 'body' },
  invoice: { data: { notes: 'Thank you, {{ client.firstName }}. Total {{ invoice.total }}' }, part: 'notes' },
};
const wrap = (kind: Kind, data: Record<string, unknown>, items?: unknown[]) => ({
  [OPS[kind].body.data]: data,
  ...(items ? { [OPS[kind].body.items!]: items } : {}),
});

/** A create's body: a header with items has them, none by default. */
const createBody = (kind: Kind, data: Record<string, unknown>, items?: unknown[]) => wrap(kind, data, items ?? (OPS[kind].body.items ? [] : undefined));

async function create(kind: Kind, extra: Record<string, unknown> = {}, caller: Client = manager, items?: unknown[]) {
  const res = await caller.call(OPS[kind].create!, {
    body: createBody(kind, { locationId: home.locationId, name: `${kind} ${randomUUID().slice(0, 6)}`, ...VALID[kind].data, ...extra }, items),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Record<string, unknown> & { id: string };
}

const KINDS = Object.keys(OPS) as Kind[];

describe.each(KINDS)('%s templates', (kind) => {
  const ops = OPS[kind];

  it('are created, read by everyone signed in, listed by location and name, changed and deleted', async () => {
    const locationId = await addLocation(ctx, home);
    const b = await create(kind, { locationId, name: 'b second' });
    const a = await create(kind, { locationId, name: 'A first' });
    expect(a).toMatchObject({ locationId, name: 'A first', ...VALID[kind].data });
    const list = await staff.call(ops.list!, { query: { locationId } });
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { id: string }[]).map((t) => t.id)).toEqual([a.id, b.id]);
    const got = await staff.call(ops.get!, { params: { id: a.id } });
    expect(got.json()).toEqual(a);

    const changed = { ...VALID[kind].data, name: 'A renamed', [VALID[kind].part]: 'Changed {{ today.date }}' };
    const upd = await manager.call(ops.update!, { params: { id: a.id }, body: wrap(kind, changed) });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ id: a.id, name: 'A renamed', [VALID[kind].part]: 'Changed {{ today.date }}' });

    const del = await manager.call(ops.remove!, { params: { id: a.id } });
    expect(del.statusCode, del.body).toBe(200);
    expect((await staff.call(ops.get!, { params: { id: a.id } })).statusCode).toBe(404);
  });

  it('refuse a bad merge field, a syntax error or an unsafe tag, naming the part and the line', async () => {
    const part = VALID[kind].part;
    const cases: [string, string][] = [
      ['line one\nline two\n{{ client.foo }}', `${part}: line 3: unknown merge field client.foo`],
      ['ok\n{% if client.firstName %}never closed', `${part}: line 2: tag {% if client.firstName %} not closed`],
      ['{% include "secrets" %}', `${part}: line 1: the include tag is not allowed`],
      ['{% for i in (1..100000000) %}{% endfor %}', `${part}: line 1: ranges like (1..5) are not allowed`],
    ];
    for (const [source, message] of cases) {
      const res = await manager.call(ops.create!, { body: createBody(kind, { locationId: home.locationId, name: 'Bad', ...VALID[kind].data, [part]: source }) });
      expect(res.statusCode, source).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const existing = await create(kind);
    const res = await manager.call(ops.update!, { params: { id: existing.id }, body: wrap(kind, { ...VALID[kind].data, [part]: '{{ nope }}' }) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`${part}: line 1: unknown merge field nope`);
  });

  it('refuse a template over the render limits with 422 naming the part and the line, on create and update', async () => {
    const part = VALID[kind].part;
    // passes every check that reads the template; only running it shows the loops multiply
    const nested = `{% assign xs = "${'a'.repeat(200)}" | split: "" %}\n{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}`;
    const res = await manager.call(ops.create!, { body: createBody(kind, { locationId: home.locationId, name: 'Slow', ...VALID[kind].data, [part]: nested }) });
    expect(res.statusCode, res.body).toBe(422);
    expect(errorOf(res)).toBe(`${part}: line 2: the template repeats too much`);
    const existing = await create(kind);
    const update = await manager.call(ops.update!, { params: { id: existing.id }, body: wrap(kind, { ...VALID[kind].data, [part]: nested }) });
    expect(update.statusCode).toBe(422);
    expect(errorOf(update)).toBe(`${part}: line 2: the template repeats too much`);
  });

  it('refuse text that is too long', async () => {
    const part = VALID[kind].part;
    const max = { email: 50_000, sms: 999, note: 10_000, pdf: 2_000, document: 50_000, invoice: 5_000 }[kind];
    const res = await manager.call(ops.create!, { body: createBody(kind, { locationId: home.locationId, name: 'Long', ...VALID[kind].data, [part]: 'x'.repeat(max + 1) }) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(kind === 'sms' ? 'body: Message must be less than 1000 characters' : `${part}: must be at most ${max} characters`);
  });

  it('refuse writes without locations.manage and answer 404 for another account’s ids', async () => {
    const mine = await create(kind);
    for (const [op, opts] of [
      [ops.create!, { body: createBody(kind, { locationId: home.locationId, name: 'X', ...VALID[kind].data }) }],
      [ops.update!, { params: { id: mine.id }, body: wrap(kind, { name: 'X', ...VALID[kind].data }) }],
      [ops.remove!, { params: { id: mine.id } }],
    ] as const) {
      const res = await staff.call(op, opts);
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe('You do not have permission to do this');
    }
    const them = other.admin;
    expect((await them.call(ops.get!, { params: { id: mine.id } })).statusCode).toBe(404);
    expect((await them.call(ops.update!, { params: { id: mine.id }, body: wrap(kind, { name: 'Mine', ...VALID[kind].data }) })).statusCode).toBe(404);
    expect((await them.call(ops.remove!, { params: { id: mine.id } })).statusCode).toBe(404);
    expect((await them.call(ops.list!, { query: { locationId: home.locationId } })).statusCode).toBe(404);
    const elsewhere = await them.call(ops.create!, { body: createBody(kind, { locationId: home.locationId, name: 'X', ...VALID[kind].data }) });
    expect(elsewhere.statusCode).toBe(400);
    expect(errorOf(elsewhere)).toBe('locationId: unknown location');
    expect((await staff.call(ops.get!, { params: { id: mine.id } })).json()).toEqual(mine);
  });
});

describe('SMS templates', () => {
  it('are listed by type', async () => {
    const locationId = await addLocation(ctx, home);
    const reminder = await create('sms', { locationId, type: 'appointment_reminder' });
    const aftercare = await create('sms', { locationId, type: 'aftercare' });
    const list = async (query: Record<string, string>) => ((await staff.call(api.smsTemplateOps.list, { query })).json() as api.SmsTemplate[]).map((t) => t.id);
    expect(await list({ locationId, type: 'aftercare' })).toEqual([aftercare.id]);
    expect(await list({ locationId, type: 'appointment_reminder' })).toEqual([reminder.id]);
    expect((await list({ locationId })).sort()).toEqual([reminder.id, aftercare.id].sort());
    const bad = await staff.call(api.smsTemplateOps.list, { query: { locationId, type: 'spam' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the PDF page of documents and invoices', () => {
  it('must be a PDF template of the account and of the same location', async () => {
    const pdf = await create('pdf');
    const branch = await addLocation(ctx, home);
    const pdfElsewhere = await create('pdf', { locationId: branch });
    const theirs = (await other.admin.call(api.pdfTemplateOps.create, {
      body: createBody('pdf', { locationId: other.locationId, name: 'Theirs' }),
    })).json() as api.PdfTemplate;
    for (const kind of ['document', 'invoice'] as const) {
      const doc = await create(kind, { pdfTemplateId: pdf.id });
      expect(doc.pdfTemplateId).toBe(pdf.id);
      for (const [pdfTemplateId, message] of [
        [theirs.id, 'pdfTemplateId: unknown PDF template'],
        [randomUUID(), 'pdfTemplateId: unknown PDF template'],
        [pdfElsewhere.id, 'pdfTemplateId: must be a PDF template of the same location'],
      ] as const) {
        const res = await manager.call(OPS[kind].create!, { body: createBody(kind, { locationId: home.locationId, name: 'X', ...VALID[kind].data, pdfTemplateId }) });
        expect(res.statusCode).toBe(400);
        expect(errorOf(res)).toBe(message);
        const upd = await manager.call(OPS[kind].update!, { params: { id: doc.id }, body: wrap(kind, { ...VALID[kind].data, pdfTemplateId }) });
        expect(upd.statusCode).toBe(400);
        expect(errorOf(upd)).toBe(message);
      }
      // moving the template away from its page's location is refused too
      const move = await manager.call(OPS[kind].update!, { params: { id: doc.id }, body: wrap(kind, { ...VALID[kind].data, locationId: branch, pdfTemplateId: pdf.id }) });
      expect(errorOf(move)).toBe('pdfTemplateId: must be a PDF template of the same location');
    }
  });

  it('is cleared from documents and invoices when the PDF template is deleted', async () => {
    const pdf = await create('pdf');
    const doc = await create('document', { pdfTemplateId: pdf.id });
    const invoice = await create('invoice', { pdfTemplateId: pdf.id });
    expect((await manager.call(api.pdfTemplateOps.remove, { params: { id: pdf.id } })).statusCode).toBe(200);
    expect((await staff.call(api.documentTemplateOps.get, { params: { id: doc.id } })).json().pdfTemplateId).toBeNull();
    expect((await staff.call(api.invoiceTemplateOps.get, { params: { id: invoice.id } })).json().pdfTemplateId).toBeNull();
  });
});

describe('invoice template items', () => {
  it('are written with the header, in order, replaced when sent and kept when not', async () => {
    const service = await newService(home.admin, home.locationId, { name: 'Home euthanasia' });
    const addOn = await newAddOn(home.admin, home.locationId);
    const items = [
      { description: 'Home euthanasia', quantity: 1, unitPrice: 45000, serviceId: service.id },
      { description: 'Paw print', quantity: 2.5, unitPrice: 1999, addOnId: addOn.id },
    ];
    const invoice = await create('invoice', {}, manager, items);
    expect(invoice.items).toEqual([
      { id: expect.any(String), position: 0, description: 'Home euthanasia', quantity: 1, unitPrice: 45000, serviceId: service.id, addOnId: null },
      { id: expect.any(String), position: 1, description: 'Paw print', quantity: 2.5, unitPrice: 1999, serviceId: null, addOnId: addOn.id },
    ]);
    const renamed = await manager.call(api.invoiceTemplateOps.update, { params: { id: invoice.id }, body: { invoiceTemplateData: { ...VALID.invoice.data, name: 'Renamed' } } });
    expect(renamed.json().items).toEqual(invoice.items);
    const replaced = await manager.call(api.invoiceTemplateOps.update, {
      params: { id: invoice.id },
      body: { invoiceTemplateData: { ...VALID.invoice.data }, invoiceTemplateItems: [{ description: 'Travel', quantity: 1, unitPrice: 2500 }] },
    });
    expect(replaced.json().items).toMatchObject([{ position: 0, description: 'Travel', unitPrice: 2500 }]);
    expect((await staff.call(api.invoiceTemplateOps.list, { query: { locationId: home.locationId } })).json()).toContainEqual(replaced.json());
  });

  it('refuse services and add-ons of another account or location, and bad amounts, writing nothing', async () => {
    const theirService = await newService(other.admin, other.locationId);
    const theirAddOn = await newAddOn(other.admin, other.locationId);
    const branch = await addLocation(ctx, home);
    const branchService = await newService(home.admin, branch);
    const cases: [Record<string, unknown>, string][] = [
      [{ serviceId: theirService.id }, 'invoiceTemplateItems.1.serviceId: unknown service'],
      [{ serviceId: branchService.id }, 'invoiceTemplateItems.1.serviceId: unknown service'],
      [{ addOnId: theirAddOn.id }, 'invoiceTemplateItems.1.addOnId: unknown add-on'],
      [{ unitPrice: 10.5 }, 'invoiceTemplateItems.1.unitPrice: must be whole cents'],
      [{ quantity: 0 }, 'invoiceTemplateItems.1.quantity: must be more than 0'],
    ];
    const name = `Refused ${randomUUID()}`;
    for (const [extra, message] of cases) {
      const res = await manager.call(api.invoiceTemplateOps.create, {
        body: {
          invoiceTemplateData: { locationId: home.locationId, name, ...VALID.invoice.data },
          invoiceTemplateItems: [
            { description: 'Fine', quantity: 1, unitPrice: 100 },
            { description: 'Line', quantity: 1, unitPrice: 100, ...extra },
          ],
        },
      });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const all = (await staff.call(api.invoiceTemplateOps.list, { query: { locationId: home.locationId } })).json() as api.InvoiceTemplate[];
    expect(all.filter((t) => t.name === name)).toEqual([]);
  });
});
