import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, createUser, errorOf, type Client, type TestAccount, type TestContext } from '../../../test/harness.js';

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
