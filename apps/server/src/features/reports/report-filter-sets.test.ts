import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';
import { addLocation } from '../../../test/records.js';

let ctx: TestContext;
let home: TestAccount;
let other: TestAccount;
let ann: Client;
let bob: Client;
let plain: Client;
let stranger: Client;

beforeAll(async () => {
  ctx = await createTestApp();
  [home, other] = await Promise.all([createAccount(ctx), createAccount(ctx)]);
  [ann, bob, plain, stranger] = await Promise.all([
    createUser(ctx, home, ['reports.export']),
    createUser(ctx, home, ['reports.export']),
    createUser(ctx, home, []),
    createUser(ctx, other, ['reports.export']),
  ]);
});
afterAll(() => ctx?.close());

const LAST_MONTH = { from: '2026-10-01', to: '2026-10-31', groupBy: 'provider' };

async function save(caller: Client, data: api.ReportFilterSetInput): Promise<api.ReportFilterSet> {
  const res = await caller.call(api.createReportFilterSet, { body: { data } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as api.ReportFilterSet;
}
async function listOf(caller: Client, report: api.ReportId): Promise<api.ReportFilterSet[]> {
  const res = await caller.call(api.listReportFilterSets, { query: { report } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as api.ReportFilterSet[];
}

describe('saved filter sets', () => {
  it('saves, lists by report and name, renames, changes and deletes a set of one’s own', async () => {
    const set = await save(ann, { report: 'revenue', name: 'October by provider', filters: { ...LAST_MONTH, locationId: '' } });
    expect(set).toMatchObject({ report: 'revenue', name: 'October by provider', filters: LAST_MONTH });
    await save(ann, { report: 'revenue', name: 'A first', filters: { from: '2026-01-01', to: '2026-01-31' } });
    await save(ann, { report: 'paymentsByType', name: 'October', filters: { from: '2026-10-01', to: '2026-10-31' } });
    expect((await listOf(ann, 'revenue')).map((s) => s.name)).toEqual(['A first', 'October by provider']);
    expect((await listOf(ann, 'paymentsByType')).map((s) => s.name)).toEqual(['October']);

    const renamed = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { name: 'October, providers' } } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'October, providers', filters: LAST_MONTH });
    const changed = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { filters: { from: '2026-11-01', to: '2026-11-30' } } } });
    expect(changed.json()).toMatchObject({ name: 'October, providers', filters: { from: '2026-11-01', to: '2026-11-30' } });

    const removed = await ann.call(api.deleteReportFilterSet, { params: { id: set.id } });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await listOf(ann, 'revenue')).map((s) => s.name)).toEqual(['A first']);
  });

  it('refuses a second set of the same name for the same report (409), whatever its case; another report or user may use it', async () => {
    await save(ann, { report: 'appointmentsByStatus', name: 'Weekly', filters: { from: '2026-10-01', to: '2026-10-31', groupBy: 'week' } });
    const again = await ann.call(api.createReportFilterSet, { body: { data: { report: 'appointmentsByStatus', name: 'weekly', filters: { from: '2026-10-01', to: '2026-10-07' } } } });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(api.REPORT_FILTER_SET_MESSAGES.duplicate);
    await save(ann, { report: 'revenue', name: 'Weekly', filters: { from: '2026-10-01', to: '2026-10-31', groupBy: 'week' } });
    await save(bob, { report: 'appointmentsByStatus', name: 'Weekly', filters: { from: '2026-10-01', to: '2026-10-31' } });

    const other = await save(ann, { report: 'appointmentsByStatus', name: 'Daily', filters: { from: '2026-10-01', to: '2026-10-31', groupBy: 'day' } });
    const clash = await ann.call(api.updateReportFilterSet, { params: { id: other.id }, body: { data: { name: 'WEEKLY' } } });
    expect(clash.statusCode).toBe(409);
  });

  it('checks the filters against the report’s own query: 400 naming the field', async () => {
    const cases: [api.ReportFilterSetInput, string][] = [
      [{ report: 'revenue', name: 'Backwards', filters: { from: '2026-10-31', to: '2026-10-01' } }, `filters.to: ${api.REPORT_MESSAGES.toBeforeFrom}`],
      [{ report: 'revenue', name: 'No start', filters: { to: '2026-10-01' } }, 'filters.from'],
      [{ report: 'revenue', name: 'Odd group', filters: { from: '2026-10-01', to: '2026-10-31', groupBy: 'client' } }, 'filters.groupBy'],
      [{ report: 'paymentsByType', name: 'Provider', filters: { from: '2026-10-01', to: '2026-10-31', providerId: '00000000-0000-4000-8000-000000000000' } }, `filters.providerId: ${api.REPORT_FILTER_SET_MESSAGES.notAFilter}`],
      [{ report: 'receivablesAgeing', name: 'A page', filters: { limit: '25' } }, `filters.limit: ${api.REPORT_FILTER_SET_MESSAGES.notAFilter}`],
      [{ report: 'revenue', name: '', filters: { from: '2026-10-01', to: '2026-10-31' } }, 'name: is required'],
      [{ report: 'nothing' as api.ReportId, name: 'X', filters: {} }, 'report:'],
    ];
    for (const [data, message] of cases) {
      const res = await ann.call(api.createReportFilterSet, { body: { data } });
      expect(res.statusCode, data.name).toBe(400);
      expect(errorOf(res)).toContain(message);
    }
    const set = await save(ann, { report: 'revenue', name: 'To be changed', filters: { from: '2026-10-01', to: '2026-10-31' } });
    const bad = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { filters: { from: '2026-10-31', to: '2026-10-01' } } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toBe(`filters.to: ${api.REPORT_MESSAGES.toBeforeFrom}`);
  });

  it('needs reports.export: 403 for every operation', async () => {
    const set = await save(ann, { report: 'revenue', name: 'Guarded', filters: { from: '2026-10-01', to: '2026-10-31' } });
    const answers = [
      await plain.call(api.listReportFilterSets, { query: { report: 'revenue' } }),
      await plain.call(api.createReportFilterSet, { body: { data: { report: 'revenue', name: 'Mine', filters: { from: '2026-10-01', to: '2026-10-31' } } } }),
      await plain.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { name: 'Taken' } } }),
      await plain.call(api.deleteReportFilterSet, { params: { id: set.id } }),
    ];
    for (const res of answers) expect(res.statusCode).toBe(403);
  });

  it('keeps each user’s sets their own: another user’s or account’s id is a 404, and nothing changes', async () => {
    const set = await save(ann, { report: 'paymentsByType', name: 'Private', filters: { from: '2026-10-01', to: '2026-10-31' } });
    for (const caller of [bob, stranger]) {
      expect((await listOf(caller, 'paymentsByType')).map((s) => s.id)).not.toContain(set.id);
      const rename = await caller.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { name: 'Stolen' } } });
      expect(rename.statusCode).toBe(404);
      const remove = await caller.call(api.deleteReportFilterSet, { params: { id: set.id } });
      expect(remove.statusCode).toBe(404);
    }
    expect((await listOf(ann, 'paymentsByType')).find((s) => s.id === set.id)?.name).toBe('Private');
  });
});

describe('a moving range in a saved set (decision 0287)', () => {
  /** 14 hours ahead of UTC: its today is always later than Pago Pago's (11 behind). */
  const FAR_EAST = 'Pacific/Kiritimati';
  const FAR_WEST = 'Pacific/Pago_Pago';
  let east: string;
  let west: string;
  beforeAll(async () => {
    // Named to come first by name: the account's zone is still its first location's (New York).
    east = await addLocation(ctx, home, { timezone: FAR_EAST, name: '@Kiritimati' });
    west = await addLocation(ctx, home, { timezone: FAR_WEST, name: 'Pago Pago' });
  });
  const todayIn = (zone: string) => api.localDate(new Date(), zone);

  it('works out the days of the range on its location’s calendar whenever the sets are answered, and the report takes them', async () => {
    const set = await save(ann, { report: 'revenue', name: 'Last month east', filters: { from: '2020-01-01', to: '2020-01-31', locationId: east, groupBy: 'day' }, range: 'lastMonth' });
    expect(set).toMatchObject({ range: 'lastMonth', filters: { ...api.resolveReportRange('lastMonth', todayIn(FAR_EAST)), locationId: east, groupBy: 'day' } });
    await save(ann, { report: 'revenue', name: 'Week west', filters: { locationId: west }, range: 'last7Days' });
    await save(ann, { report: 'revenue', name: 'Week east', filters: { locationId: east }, range: 'last7Days' });
    await save(ann, { report: 'revenue', name: 'Year to date', filters: {}, range: 'thisYear' });
    await save(ann, { report: 'revenue', name: 'Fixed days', filters: { from: '2026-10-01', to: '2026-10-31' }, range: null });

    const sets = Object.fromEntries((await listOf(ann, 'revenue')).map((s) => [s.name, s]));
    expect(sets['Week west']).toMatchObject({ range: 'last7Days', filters: { from: api.addDays(todayIn(FAR_WEST), -6), to: todayIn(FAR_WEST), locationId: west } });
    // Far apart, the two locations' todays are never one day: each set is its own location's.
    expect(sets['Week east']).toMatchObject({ range: 'last7Days', filters: { from: api.addDays(todayIn(FAR_EAST), -6), to: todayIn(FAR_EAST), locationId: east } });
    expect(sets['Week west']!.filters.to).not.toBe(sets['Week east']!.filters.to);
    expect(sets['Year to date']).toMatchObject({ range: 'thisYear', filters: { from: `${todayIn('America/New_York').slice(0, 4)}-01-01`, to: todayIn('America/New_York') } });
    expect(sets['Fixed days']).toMatchObject({ range: null, filters: { from: '2026-10-01', to: '2026-10-31' } });

    for (const name of ['Last month east', 'Week west', 'Year to date']) {
      const report = await ann.call(api.revenueReport, { query: sets[name]!.filters });
      expect(report.statusCode, `${name}: ${report.body}`).toBe(200);
    }

    // Another range, then none: dropped, the set keeps the days the range gave today.
    const changed = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { range: 'thisMonth' } } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ range: 'thisMonth', filters: { from: `${todayIn(FAR_EAST).slice(0, 7)}-01`, to: todayIn(FAR_EAST), locationId: east } });
    const fixed = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { range: null } } });
    expect(fixed.json()).toMatchObject({ range: null, filters: { from: `${todayIn(FAR_EAST).slice(0, 7)}-01`, to: todayIn(FAR_EAST), locationId: east, groupBy: 'day' } });
    const moving = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { filters: { from: '2026-01-01', to: '2026-01-31' }, range: 'lastYear' } } });
    const lastYear = Number(todayIn(FAR_EAST).slice(0, 4)) - 1;
    expect(moving.json()).toEqual(expect.objectContaining({ range: 'lastYear', filters: { from: `${lastYear}-01-01`, to: `${lastYear}-12-31` } }));
  });

  it('refuses an unknown range, and a range for a report without dates: 400 naming range', async () => {
    const unknown = await ann.call(api.createReportFilterSet, {
      body: { data: { report: 'revenue', name: 'Someday', filters: {}, range: 'nextDecade' as api.ReportRange } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toContain(`range: ${api.REPORT_RANGE_MESSAGES.unknown}`);
    const noDates = await ann.call(api.createReportFilterSet, { body: { data: { report: 'expiringStock', name: 'Moving stock', filters: {}, range: 'lastMonth' } } });
    expect(noDates.statusCode).toBe(400);
    expect(errorOf(noDates)).toContain(`range: ${api.REPORT_RANGE_MESSAGES.noDates}`);

    const set = await save(ann, { report: 'paymentsByType', name: 'Moving payments', filters: {}, range: 'last30Days' });
    const bad = await ann.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { range: 'yesterday' as api.ReportRange } } });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toContain(`range: ${api.REPORT_RANGE_MESSAGES.unknown}`);
    const stock = await save(ann, { report: 'stockValuation', name: 'Stock now', filters: {} });
    const noDatesLater = await ann.call(api.updateReportFilterSet, { params: { id: stock.id }, body: { data: { range: 'thisYear' } } });
    expect(noDatesLater.statusCode).toBe(400);
    expect(errorOf(noDatesLater)).toBe(`range: ${api.REPORT_RANGE_MESSAGES.noDates}`);
    expect((await listOf(ann, 'paymentsByType')).find((s) => s.id === set.id)?.range).toBe('last30Days');
  });

  it('needs reports.export to save a moving range (403), and another user’s or account’s moving set is a 404', async () => {
    const denied = await plain.call(api.createReportFilterSet, { body: { data: { report: 'revenue', name: 'Mine moving', filters: {}, range: 'lastMonth' } } });
    expect(denied.statusCode).toBe(403);
    const set = await save(ann, { report: 'endOfLife', name: 'Aftercare last month', filters: {}, range: 'lastMonth' });
    for (const caller of [bob, stranger]) {
      expect((await listOf(caller, 'endOfLife')).map((s) => s.id)).not.toContain(set.id);
      const change = await caller.call(api.updateReportFilterSet, { params: { id: set.id }, body: { data: { range: 'thisYear' } } });
      expect(change.statusCode).toBe(404);
    }
    expect((await listOf(ann, 'endOfLife')).find((s) => s.id === set.id)?.range).toBe('lastMonth');
  });
});

describe('the moving ranges’ days', () => {
  it('are whole periods before this one, or up to today', () => {
    const on = (today: string) => Object.fromEntries(api.REPORT_RANGES.map((r) => [r, api.resolveReportRange(r, today)]));
    expect(on('2026-01-15')).toEqual({
      last7Days: { from: '2026-01-09', to: '2026-01-15' },
      last30Days: { from: '2025-12-17', to: '2026-01-15' },
      thisMonth: { from: '2026-01-01', to: '2026-01-15' },
      lastMonth: { from: '2025-12-01', to: '2025-12-31' },
      thisYear: { from: '2026-01-01', to: '2026-01-15' },
      lastYear: { from: '2025-01-01', to: '2025-12-31' },
    });
    expect(api.resolveReportRange('lastMonth', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(api.REPORT_IDS.filter(api.reportTakesDates)).toEqual(['revenue', 'paymentsByType', 'appointmentsByStatus', 'missedCharges', 'endOfLife', 'controlledDrugLedger']);
  });
});
