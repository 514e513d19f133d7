import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation, newClient } from '../../../test/records.js';
import { IMPORT_COLUMNS } from './client-import.service.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let plain: Client;
let userManager: Client;
let reporter: Client;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  [plain, userManager, reporter] = await Promise.all([
    createUser(ctx, home),
    createUser(ctx, home, ['users.manage']),
    createUser(ctx, home, ['reports.export']),
  ]);
});
afterAll(() => ctx?.close());

type Column = (typeof IMPORT_COLUMNS)[number];
type Row = Partial<Record<Column, string>>;
const AMPERSAND = 'The & character is not allowed in name fields. Please replace it with "and" instead.';

/** A CSV in the import format, quoting as a spreadsheet would. */
function csvOf(rows: Row[], columns: readonly string[] = IMPORT_COLUMNS): string {
  const cell = (v = '') => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return [columns.join(','), ...rows.map((r) => columns.map((c) => cell(r[c as Column])).join(','))].join('\r\n') + '\r\n';
}
const preview = (locationId: string, csv: string, caller: Client = home.admin) =>
  caller.call(api.previewClientImport, { body: { data: { locationId, csv } } });
const runImport = (locationId: string, csv: string, caller: Client = home.admin) =>
  caller.call(api.importClients, { body: { data: { locationId, csv } } });
async function clientsAt(locationId: string): Promise<{ items: api.ClientSummary[]; total: number }> {
  const res = await home.admin.call(api.listClients, { query: { locationId, limit: 200 } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { items: api.ClientSummary[]; total: number };
}
async function patientsAt(locationId: string): Promise<api.PatientWithClient[]> {
  return ((await home.admin.call(api.listPatients, { query: { locationId, limit: 200 } })).json() as { items: api.PatientWithClient[] }).items;
}

const ann: Row = { client_first_name: 'Ann', client_last_name: 'Archer', client_email: 'Ann@Example.com', client_phone: '+1 (530) 555-0142' };
const VALID: Row[] = [
  {
    ...ann,
    patient_name: 'Rex',
    patient_species: 'dog',
    patient_breed: 'Collie',
    patient_sex: 'Male',
    patient_neutered: 'yes',
    patient_date_of_birth: '2019-05-04',
    patient_weight_kg: '21.5',
    patient_microchip: '985141000123456',
    patient_colour: 'Sable',
  },
  { ...ann, patient_name: 'Tom', patient_species: 'Cat' },
  { client_first_name: 'Bob', client_last_name: 'Baker', client_address: '12 Elm St, Apt "B"', client_notes: 'Line one\nLine two' },
];

describe('POST /api/client/import/preview', () => {
  it('groups consecutive rows of one client into their patients, and writes nothing', async () => {
    const locationId = await addLocation(ctx, home);
    const res = await preview(locationId, csvOf(VALID));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rows: [
        { line: 2, client: { firstName: 'Ann', lastName: 'Archer', email: 'ann@example.com' }, patientCount: 2, errors: [] },
        { line: 4, client: { firstName: 'Bob', lastName: 'Baker', email: null }, patientCount: 0, errors: [] },
      ],
      clients: 2,
      patients: 2,
      errorCount: 0,
    });
    expect((await clientsAt(locationId)).total).toBe(0);
  });

  it('reports each row’s problems by line and column, and writes nothing', async () => {
    const locationId = await addLocation(ctx, home, { species: ['Dog'] });
    await newClient(home.admin, locationId, { email: 'taken@example.com' });
    const res = await preview(
      locationId,
      csvOf([
        { client_first_name: 'Dee', client_last_name: 'Dragon', patient_name: 'Smaug', patient_species: 'Dragon' },
        { client_first_name: 'Tom & Jerry', client_last_name: 'Cartoon' },
        { client_first_name: 'Sal', client_last_name: 'Spice', patient_name: 'Salt & Pepper', patient_species: 'Dog' },
        { client_first_name: 'Eve', client_last_name: 'One', client_email: 'twin@example.com' },
        { client_first_name: 'Eva', client_last_name: 'Two', client_email: 'TWIN@example.com' },
        { client_first_name: 'Tia', client_last_name: 'Taken', client_email: 'Taken@example.com' },
        { client_first_name: 'Bea', client_last_name: 'Born', patient_name: 'Odd', patient_species: 'Dog', patient_date_of_birth: '2020-02-31' },
        { client_first_name: 'Cat', client_last_name: 'Owner', patient_name: 'Tom', patient_species: 'Cat' },
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as api.ImportPreview;
    expect(body.rows.map((r) => r.errors)).toEqual([
      [`line 2: patient_species: "Dragon" is not on this location's species list`],
      [`line 3: client_first_name: ${AMPERSAND}`],
      [`line 4: patient_name: ${AMPERSAND}`],
      [],
      ['line 6: client_email: Email address already in use at this location'],
      ['line 7: client_email: Email address already in use at this location'],
      ['line 8: patient_date_of_birth: must be a date (YYYY-MM-DD)'],
      [`line 9: patient_species: "Cat" is not on this location's species list`],
    ]);
    expect(body.errorCount).toBe(7);
    expect((await clientsAt(locationId)).total).toBe(1);
  });

  it('answers 400 when the header lacks the required columns', async () => {
    const res = await preview(home.locationId, 'name,email\r\nAnn,ann@example.com\r\n');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(`csv: the header must include client_first_name, client_last_name (columns: ${IMPORT_COLUMNS.join(', ')})`);
    const empty = await preview(home.locationId, '');
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty)).toBe('csv: is required');
  });
});

describe('POST /api/client/import', () => {
  it('creates every client and patient of a valid file', async () => {
    const locationId = await addLocation(ctx, home);
    const res = await runImport(locationId, csvOf(VALID), userManager);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ clients: 2, patients: 2 });

    const { items } = await clientsAt(locationId);
    expect(items).toMatchObject([
      { firstName: 'Ann', lastName: 'Archer', email: 'ann@example.com', phone: '+1 (530) 555-0142', patientCount: 2 },
      { firstName: 'Bob', lastName: 'Baker', address: '12 Elm St, Apt "B"', notes: 'Line one\nLine two', patientCount: 0 },
    ]);
    const patients = await patientsAt(locationId);
    expect(patients).toMatchObject([
      {
        name: 'Rex',
        clientId: items[0]!.id,
        speciesName: 'Dog',
        breed: 'Collie',
        sex: 'male',
        neutered: true,
        dateOfBirth: '2019-05-04',
        weightKg: 21.5,
        microchip: '985141000123456',
        colour: 'Sable',
      },
      { name: 'Tom', clientId: items[0]!.id, speciesName: 'Cat', sex: 'unknown', neutered: false, dateOfBirth: null },
    ]);
  });

  it('imports nothing when any row has a problem (400)', async () => {
    const locationId = await addLocation(ctx, home);
    await newClient(home.admin, locationId, { firstName: 'Already', lastName: 'Here' });
    const before = await clientsAt(locationId);
    const res = await runImport(locationId, csvOf([...VALID, { client_first_name: 'Zed', client_last_name: 'Zoo', patient_name: 'Nessie', patient_species: 'Kraken' }]));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^Nothing was imported: 1 problem\(s\) to fix first\. line 5: patient_species: /);
    expect(await clientsAt(locationId)).toEqual(before);
    expect(await patientsAt(locationId)).toEqual([]);
  });

  it('answers 403 without users.manage or account.manage, and 404 for another account’s location', async () => {
    const csv = csvOf(VALID);
    for (const caller of [plain, reporter]) {
      expect((await preview(home.locationId, csv, caller)).statusCode).toBe(403);
      expect((await runImport(home.locationId, csv, caller)).statusCode).toBe(403);
    }
    expect((await preview(other.locationId, csv)).statusCode).toBe(404);
    expect((await runImport(other.locationId, csv)).statusCode).toBe(404);
    expect(((await other.admin.call(api.listClients, { query: { locationId: other.locationId } })).json() as { total: number }).total).toBe(0);
  });
});

describe('GET /api/client/export', () => {
  it('answers a CSV that imports into another location as the same clients and patients', async () => {
    const source = await addLocation(ctx, home);
    const target = await addLocation(ctx, home);
    expect((await runImport(source, csvOf(VALID))).statusCode).toBe(200);

    const res = await reporter.call(api.exportClients, { query: { locationId: source } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="clients-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.split('\r\n')[0]).toBe(IMPORT_COLUMNS.join(','));

    const check = await preview(target, res.body);
    expect(check.json()).toMatchObject({ clients: 2, patients: 2, errorCount: 0 });
    expect((await runImport(target, res.body)).json()).toEqual({ clients: 2, patients: 2 });

    const strip = ({ id: _i, locationId: _l, createdAt: _c, updatedAt: _u, ...rest }: api.ClientSummary) => rest;
    expect((await clientsAt(target)).items.map(strip)).toEqual((await clientsAt(source)).items.map(strip));
    const stripPatient = ({ id: _i, locationId: _l, clientId: _c, createdAt: _ca, updatedAt: _u, ...rest }: api.PatientWithClient) => rest;
    expect((await patientsAt(target)).map(stripPatient)).toEqual((await patientsAt(source)).map(stripPatient));
  });

  it('guards cells a spreadsheet would run as formulas, leaving phone numbers alone', async () => {
    const locationId = await addLocation(ctx, home);
    await newClient(home.admin, locationId, { firstName: 'Fay', lastName: 'Formula', notes: '=HYPERLINK("http://evil.example")', phone: '+1 (530) 555-0142' });
    const res = await home.admin.call(api.exportClients, { query: { locationId } });
    expect(res.statusCode).toBe(200);
    const [, row] = res.body.split('\r\n');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(row).toContain(',+1 (530) 555-0142,');
  });

  it('writes a location larger than a page of clients whole: every client once, with all their patients, in the list’s order', async () => {
    const locationId = await addLocation(ctx, home);
    // 2,300 clients (three pages), many sharing a name (the order then by id, across the pages' seams);
    // a third without patients, a third with one, a third with two.
    const rows: Row[] = [];
    for (let i = 0; i < 2_300; i++) {
      const client: Row = { client_first_name: `Name${String(i % 40).padStart(2, '0')}`, client_last_name: 'Paged', client_email: `paged${i}@example.com` };
      if (i % 3 === 0) rows.push(client);
      for (let k = 0; k < i % 3; k++) rows.push({ ...client, patient_name: `Pet${k}`, patient_species: 'Dog' });
    }
    expect((await runImport(locationId, csvOf(rows))).json()).toEqual({ clients: 2_300, patients: rows.filter((r) => r.patient_name).length });

    const res = await home.admin.call(api.exportClients, { query: { locationId } });
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body.split('\r\n').filter((l) => l !== '');
    expect(header).toBe(IMPORT_COLUMNS.join(','));
    expect(lines).toHaveLength(rows.length);
    const cells = lines.map((l) => l.split(','));
    const emails = cells.map((c) => c[2]!);
    // Each client's lines together, each client once.
    const runs = emails.filter((e, i) => e !== emails[i - 1]);
    expect(new Set(runs).size).toBe(2_300);
    expect(runs).toHaveLength(2_300);
    const names = cells.map((c) => c[0]!.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(cells.filter((c) => c[7] === 'Pet1')).toHaveLength(Math.floor(2_300 / 3));
  });

  it('answers 403 to a plain user and 404 for another account’s location', async () => {
    expect((await plain.call(api.exportClients, { query: { locationId: home.locationId } })).statusCode).toBe(403);
    expect((await home.admin.call(api.exportClients, { query: { locationId: other.locationId } })).statusCode).toBe(404);
  });
});
