// The missed-charges report: the invoices' rule over a range of days, per appointment, with totals
// that are the rows' sums and the week's unbilled list's figure.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { parseCsv } from '../../platform/csv.js';
import { addOnLine, newInvoice, serviceLine, type BillingWorld } from '../invoices/invoices.fixtures.js';
import { appointmentBooker, reportsWorld, WEST } from './reports.fixtures.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let reporter: Client;
let plain: Client;
let vet: Client & { userId: string };
/** the provider of every other appointment at home */
let locum: Client & { userId: string };
let world: BillingWorld;
let theirs: BillingWorld;
/** a second location, far west of the first (WEST) */
let westId: string;

const range = { from: '2030-05-06', to: '2030-05-12' };
let book: ReturnType<typeof appointmentBooker>;
/** A booked appointment of the world's client with its service and add-on, moved to `status`. */
async function appointment(
  t: TestAccount,
  w: BillingWorld,
  o: { status?: api.AppointmentStatus; day?: string; providerId?: string; locationId?: string; time?: string; zone?: string } = {},
): Promise<api.Appointment> {
  const primaryProviderId = o.providerId ?? (t === home ? locum.userId : undefined);
  return book(t, w, {
    day: o.day ?? '2030-05-07',
    ...(o.time && { time: o.time }),
    ...(o.zone && { zone: o.zone }),
    ...(primaryProviderId && { primaryProviderId }),
    addOn: true,
    ended: { status: o.status ?? 'Completed', ...(o.locationId && { locationId: o.locationId }) },
  });
}

async function report(query: Record<string, string>, caller: Client = reporter): Promise<api.MissedChargesReport> {
  const res = await caller.call(api.missedChargesReport, { query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.MissedChargesReport;
}

let open: api.Appointment;
let partly: api.Appointment;
let lateWest: api.Appointment;
beforeAll(async () => {
  ({ ctx, home, other, reporter, plain, world, theirs, westId } = await reportsWorld());
  book = appointmentBooker(ctx);
  vet = await createUser(ctx, home, ['appointments.primary_provider'], { firstName: '=Vera' });
  locum = await createUser(ctx, home, ['appointments.primary_provider'], { firstName: 'Lou' });

  open = await appointment(home, world, { providerId: vet.userId });
  // the service billed, the add-on forgotten
  partly = await appointment(home, world, { status: 'Checked Out', day: '2030-05-12' });
  await newInvoice(home.admin, home, world, { appointmentId: partly.id }, [serviceLine(world)]);
  // billed in full, not yet checked out, or outside the days: none of them is listed
  const billed = await appointment(home, world);
  await newInvoice(home.admin, home, world, { appointmentId: billed.id }, [serviceLine(world), addOnLine(world, { quantity: 1 })]);
  await appointment(home, world, { status: 'Confirmed' });
  await appointment(home, world, { day: '2030-05-13' });
  await appointment(home, world, { day: '2030-05-05' });
  // 23:00 on the 12th in Honolulu is the 13th in UTC and in New York: still the 12th at its location
  lateWest = await appointment(home, world, { locationId: westId, day: '2030-05-12', time: '23:00', zone: WEST });
  // another account's, on the same days: never counted
  await appointment(other, theirs);
});
afterAll(() => ctx?.close());

describe('missed charges report', () => {
  it('lists each appointment past check-out with what is not billed, on its location’s days, totals summing the rows', async () => {
    const r = await report(range);
    expect(r.rows.map((row) => row.appointmentId)).toEqual([open.id, partly.id, lateWest.id]);
    expect(r.rows[0]).toMatchObject({
      date: '2030-05-07',
      status: 'Completed',
      locationId: home.locationId,
      providerId: vet.userId,
      providerName: '=Vera User',
      clientName: 'Cora Smith',
      patientName: 'Max',
      missing: 35_000 + 4_550,
    });
    expect(r.rows[0]!.items.map((i) => [i.kind, i.description, i.quantity, i.unitPrice])).toEqual([
      ['service', 'Home euthanasia', 1, 35_000],
      ['addOn', 'Clay paw print', 1, 4_550],
    ]);
    expect(r.rows[1]).toMatchObject({ date: '2030-05-12', missing: 4_550 });
    expect(r.rows[2]).toMatchObject({ date: '2030-05-12', locationId: westId, locationName: '@West branch', missing: 39_550 });
    expect(r.totals).toEqual({
      appointments: 3,
      charges: r.rows.reduce((s, row) => s + row.items.length, 0),
      missing: r.rows.reduce((s, row) => s + row.missing, 0),
    });
    expect(r.totals.missing).toBe(39_550 + 4_550 + 39_550);
    expect(r.currency).toBe('USD');
  });

  it('matches the week’s unbilled list of the same location and days', async () => {
    const week = await home.admin.call(api.unbilledReport, { query: { locationId: home.locationId, weekOf: range.from } });
    expect(week.statusCode, week.body).toBe(200);
    const listed = week.json() as { appointmentId: string; missing: number }[];
    const r = await report({ ...range, locationId: home.locationId });
    expect(r.rows.map((row) => row.appointmentId)).toEqual(listed.map((u) => u.appointmentId));
    expect(r.totals.missing).toBe(listed.reduce((s, u) => s + u.missing, 0));
  });

  it('filters by location and by provider', async () => {
    expect((await report({ ...range, locationId: westId })).rows.map((row) => row.appointmentId)).toEqual([lateWest.id]);
    const theVet = await report({ ...range, providerId: vet.userId });
    expect(theVet.rows.map((row) => row.appointmentId)).toEqual([open.id]);
    expect(theVet.totals.missing).toBe(39_550);
    expect((await report({ from: '2030-05-08', to: '2030-05-11' })).rows).toEqual([]);
  });

  it('needs reports.export, checks its query and answers 404 for another account’s ids', async () => {
    expect((await plain.call(api.missedChargesReport, { query: range })).statusCode).toBe(403);
    expect((await plain.call(api.missedChargesReport, { query: { ...range, format: 'csv' } })).statusCode).toBe(403);
    const bad = await reporter.call(api.missedChargesReport, { query: { from: range.to, to: range.from } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain(`to: ${api.REPORT_MESSAGES.toBeforeFrom}`);
    expect((await reporter.call(api.missedChargesReport, { query: { ...range, locationId: other.locationId } })).statusCode).toBe(404);
    const theirVet = await createUser(ctx, other, ['appointments.primary_provider']);
    expect((await reporter.call(api.missedChargesReport, { query: { ...range, providerId: theirVet.userId } })).statusCode).toBe(404);
  });

  it('downloads as CSV with formulas disarmed and as XLSX, the total row last', async () => {
    const csv = await reporter.call(api.missedChargesReport, { query: { ...range, format: 'csv' } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="missed-charges-2030-05-06-to-2030-05-12.csv"');
    const [header, first, , third, total] = parseCsv(csv.body.replace(/^\uFEFF/, ''));
    expect(header).toEqual(['Date', 'Location', 'Provider', 'Client', 'Patient', 'Status', 'Not billed', 'Value (USD)']);
    expect(first!.slice(2, 8)).toEqual(["'=Vera User", 'Cora Smith', 'Max', 'Completed', 'Home euthanasia; Clay paw print', '395.50']);
    expect(third![1]).toBe("'@West branch");
    expect([total![0], total![7]]).toEqual(['Total', '836.50']);
    const xlsx = await reporter.call(api.missedChargesReport, { query: { ...range, format: 'xlsx' } });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Missed charges')!;
    expect(sheet.rowCount).toBe(5);
    expect(sheet.getRow(5).getCell(8).value).toBe(836.5);
    expect(sheet.getRow(2).getCell(3).value).toBe('=Vera User');
  });
});
