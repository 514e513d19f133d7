// Vaccinations due and overdue: the boosters still to give, per living patient, with the client's
// contact; overdue days to today at the location.
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { dateIn } from '../../../test/records.js';
import { newHousehold } from '../../../test/scheduling-records.js';
import { parseCsv } from '../../platform/csv.js';
import { linesAndTotal, sheetValues } from './report-files.fixtures.js';
import { clients } from '../clients/clients.table.js';
import { patients } from '../patients/patients.table.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let reporter: Client;
let plain: Client;
const today = (days = 0) => dateIn('America/New_York', days);

async function vaccination(t: TestAccount, patientId: string, vaccine: string, given: number, due: number | null): Promise<string> {
  const res = await t.admin.call(api.vaccinationOps.create, {
    body: { data: { patientId, vaccine, givenOn: today(given), nextDueOn: due === null ? null : today(due) } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

async function report(query: Record<string, string> = {}): Promise<api.VaccinationsDueReport> {
  const res = await reporter.call(api.vaccinationsDueReport, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.VaccinationsDueReport;
}

const ids: Record<string, string> = {};
let maxId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  reporter = await createUser(ctx, home, ['reports.export']);
  plain = await createUser(ctx, home, []);
  const household = await newHousehold(home.admin, home, { firstName: '=Cora', patients: ['Max', 'Old Tom', 'Gone'] });
  await ctx.database.db.update(clients).set({ phone: '+1 555 0100', email: 'cora@example.com' }).where(eq(clients.id, household.client.id));
  const [max, tom, gone] = household.patients;
  maxId = max!.id;
  ids.rabies = await vaccination(home, max!.id, 'Rabies', -300, -10);
  ids.lepto = await vaccination(home, max!.id, 'Leptospirosis', -300, 10);
  ids.distemper = await vaccination(home, max!.id, 'Distemper', -300, 120);
  ids.noBooster = await vaccination(home, max!.id, 'Microchip check', -20, null);
  // given again since: the first dose's booster is not due any more
  ids.oldBordetella = await vaccination(home, max!.id, 'Bordetella', -400, -30);
  ids.newBordetella = await vaccination(home, max!.id, ' bordetella ', -5, 360);
  // a deceased pet's and an archived pet's boosters are never due
  ids.tom = await vaccination(home, tom!.id, 'Rabies', -300, -5);
  await ctx.database.db.update(patients).set({ deceasedOn: today(-1) }).where(eq(patients.id, tom!.id));
  ids.gone = await vaccination(home, gone!.id, 'Rabies', -300, -5);
  await ctx.database.db.update(patients).set({ archivedAt: new Date() }).where(eq(patients.id, gone!.id));
  const theirs = await newHousehold(other.admin, other);
  await vaccination(other, theirs.patients[0]!.id, 'Rabies', -300, -10);
});
afterAll(() => ctx?.close());

describe('vaccinations due', () => {
  it('lists the boosters still to give within the due-soon window, overdue first by due date, with the contact', async () => {
    const r = await report();
    expect(r.dueBefore).toBeNull();
    expect(r.rows.map((row) => row.vaccinationId)).toEqual([ids.rabies, ids.lepto]);
    expect(r.rows[0]).toMatchObject({
      vaccine: 'Rabies',
      dueOn: today(-10),
      givenOn: today(-300),
      overdueDays: 10,
      overdue: true,
      patientId: maxId,
      patientName: 'Max',
      clientName: '=Cora Smith',
      phone: '+1 555 0100',
      email: 'cora@example.com',
      locationId: home.locationId,
    });
    expect(r.rows[1]).toMatchObject({ vaccine: 'Leptospirosis', overdueDays: 0, overdue: false });
    expect(r.totals).toEqual({ vaccinations: 2, overdue: 1, patients: 1 });
  });

  it('takes a due-before day and a location; the overdue ones are the list’s overdue less the doses given again and the archived pets’', async () => {
    const later = await report({ dueBefore: today(200) });
    expect(later.rows.map((row) => row.vaccinationId)).toEqual([ids.rabies, ids.lepto, ids.distemper]);
    expect((await report({ dueBefore: today(10) })).rows.map((row) => row.vaccinationId)).toEqual([ids.rabies]);
    expect((await report({ locationId: home.locationId })).totals.vaccinations).toBe(2);
    const list = await home.admin.call(api.vaccinationOps.list, { query: { status: 'overdue', limit: '100' } });
    expect(list.statusCode, list.body).toBe(200);
    const listed = (list.json() as { items: api.Vaccination[] }).items.map((v) => v.id).filter((id) => id !== ids.oldBordetella && id !== ids.gone);
    const overdue = later.rows.filter((row) => row.overdue).map((row) => row.vaccinationId);
    expect(overdue.sort()).toEqual(listed.sort());
  });

  it('pages the JSON rows in the statement, rowCount and totals always of every row; a file holds them all', async () => {
    const all = await report({ dueBefore: today(200) });
    expect(all.rowCount).toBe(3);
    const first = await report({ dueBefore: today(200), limit: '2', offset: '0' });
    const last = await report({ dueBefore: today(200), limit: '2', offset: '2' });
    expect(first.rows).toHaveLength(2);
    expect([...first.rows, ...last.rows]).toEqual(all.rows);
    for (const page of [first, last]) {
      expect(page.rowCount).toBe(3);
      expect(page.totals).toEqual(all.totals);
    }
    expect(all.totals).toEqual({ vaccinations: 3, overdue: 1, patients: 1 });
    expect((await report({ dueBefore: today(200), limit: '2', offset: '3' })).rows).toEqual([]);

    const csv = await reporter.call(api.vaccinationsDueReport, { query: { format: 'csv', dueBefore: today(200), limit: '1' } });
    expect(parseCsv(csv.body)).toHaveLength(1 + 3 + 1);
    const xlsx = await reporter.call(api.vaccinationsDueReport, { query: { format: 'xlsx', dueBefore: today(200), limit: '1', offset: '2' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.rowCount).toBe(1 + 3 + 1);

    for (const [query, message] of [
      [{ limit: '0' }, 'limit: must be at least 1'],
      [{ limit: '201' }, 'limit: must be at most 200'],
      [{ limit: 'ten' }, 'limit: must be a whole number'],
      [{ limit: '10', offset: '1.5' }, 'offset: must be a whole number'],
      [{ limit: '10', offset: '-1' }, 'offset: must be at least 0'],
    ] as const) {
      const res = await reporter.call(api.vaccinationsDueReport, { query });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
  });

  it('needs reports.export, checks its query and answers 404 for another account’s location', async () => {
    expect((await plain.call(api.vaccinationsDueReport, { query: {} })).statusCode).toBe(403);
    const bad = await reporter.call(api.vaccinationsDueReport, { query: { dueBefore: 'soon' } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain('dueBefore:');
    expect((await reporter.call(api.vaccinationsDueReport, { query: { locationId: other.locationId } })).statusCode).toBe(404);
  });

  it('downloads as CSV with formulas disarmed and as XLSX', async () => {
    const csv = await reporter.call(api.vaccinationsDueReport, { query: { format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    const [header, first, , total] = parseCsv(csv.body);
    expect(header).toEqual(['Due', 'Days overdue', 'Vaccine', 'Last given', 'Patient', 'Client', 'Phone', 'Email', 'Location']);
    expect(first!.slice(0, 8)).toEqual([today(-10), '10', 'Rabies', today(-300), 'Max', "'=Cora Smith", '+1 555 0100', 'cora@example.com']);
    expect(total!.slice(0, 5)).toEqual(['Total', '', '2 due, 1 overdue', '', '1 patients']);
    const xlsx = await reporter.call(api.vaccinationsDueReport, { query: { format: 'xlsx', dueBefore: today(200) } });
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="vaccinations-due-before-${today(200)}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Vaccinations due')!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(2).getCell(6).value).toBe('=Cora Smith');
  });

  it('writes its files a page at a time: every row once, in the report’s order across ties at the seams, and totals of them all', async () => {
    const account = await createAccount(ctx);
    const admin = await createUser(ctx, account, ['reports.export']);
    // Ties on the due date, the names without case and the pet's name, down to the id, at the seams of pages of 2.
    const households = [
      await newHousehold(account.admin, account, { firstName: 'Ann', lastName: 'Lee', patients: ['Rex', 'Rex'] }),
      await newHousehold(account.admin, account, { firstName: 'ann', lastName: 'LEE', patients: ['Rex'] }),
      await newHousehold(account.admin, account, { firstName: 'Bob', lastName: 'lee', patients: ['Ada', 'Zoe'] }),
      await newHousehold(account.admin, account, { firstName: 'Zed', lastName: 'Ames', patients: ['Max'] }),
    ];
    const pets = households.flatMap((h) => h.patients);
    for (const [i, pet] of pets.entries()) {
      await vaccination(account, pet.id, 'Rabies', -300, -3);
      await vaccination(account, pet.id, 'Leptospirosis', -300, i % 2 === 0 ? -3 : 5);
    }
    const all = (await admin.call(api.vaccinationsDueReport, { query: {} })).json() as api.VaccinationsDueReport;
    expect(all.rowCount).toBe(pets.length * 2);
    expect(all.rows).toHaveLength(all.rowCount);
    const pages: api.VaccinationDueRow[] = [];
    for (let offset = 0; offset < all.rowCount; offset += 3)
      pages.push(...((await admin.call(api.vaccinationsDueReport, { query: { limit: '3', offset: String(offset) } })).json() as api.VaccinationsDueReport).rows);
    expect(pages).toEqual(all.rows);

    const reports = ctx.app.container.reports;
    const pageBefore = reports.vaccinationsDueFilePage;
    reports.vaccinationsDueFilePage = 2;
    try {
      const auth = { accountId: account.accountId, homeAccountId: account.accountId, userId: admin.userId, sessionId: 'file', permissions: ['reports.export' as const], roles: [] };
      const file = await reports.vaccinationsDueFile(auth, {});
      const read: api.VaccinationDueRow[] = [];
      for await (const page of file.rows as AsyncIterable<api.VaccinationDueRow[]>) {
        expect(page.length).toBeLessThanOrEqual(2);
        read.push(...page);
      }
      expect(read).toEqual(all.rows);
      expect(new Set(read.map((r) => r.vaccinationId)).size).toBe(all.rowCount);
      expect(file.totals).toEqual(all.totals);

      // A download broken off after its first page: its cursor's transaction (on PostgreSQL) ends with it.
      for await (const page of (await reports.vaccinationsDueFile(auth, {})).rows as AsyncIterable<api.VaccinationDueRow[]>) {
        expect(page).toEqual(all.rows.slice(0, 2));
        break;
      }
      const open = await ctx.database.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`);
      expect(open[0]?.n ?? 0).toBe(0);

      const expectedLines = all.rows.map((r) => [r.dueOn, r.vaccine, r.patientName, r.clientName]);
      const totalsLine = [`${all.totals.vaccinations} due, ${all.totals.overdue} overdue`, `${all.totals.patients} patients`];
      expect(all.totals).toEqual({
        vaccinations: all.rows.length,
        overdue: all.rows.filter((r) => r.overdue).length,
        patients: new Set(all.rows.map((r) => r.patientId)).size,
      });

      const csv = await admin.call(api.vaccinationsDueReport, { query: { format: 'csv' } });
      expect(csv.statusCode).toBe(200);
      const { lines, total } = linesAndTotal(parseCsv(csv.body));
      expect(lines.map((l) => [l[0], l[2], l[4], l[5]])).toEqual(expectedLines);
      expect([total[0], total[2], total[4]]).toEqual(['Total', ...totalsLine]);

      const xlsx = await admin.call(api.vaccinationsDueReport, { query: { format: 'xlsx' } });
      const { lines: sheetRows, total: sheetTotal } = linesAndTotal(await sheetValues(xlsx));
      expect(sheetRows.map((l) => [l[0], l[2], l[4], l[5]])).toEqual(expectedLines);
      expect([sheetTotal[0], sheetTotal[2], sheetTotal[4]]).toEqual(['Total', ...totalsLine]);
    } finally {
      reports.vaccinationsDueFilePage = pageBefore;
    }
  });

  it('answers 404 for another account’s location before a byte of the file', async () => {
    for (const format of ['csv', 'xlsx']) {
      const res = await reporter.call(api.vaccinationsDueReport, { query: { format, locationId: other.locationId } });
      expect(res.statusCode, format).toBe(404);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(errorOf(res)).toBeTruthy();
    }
  });
});
