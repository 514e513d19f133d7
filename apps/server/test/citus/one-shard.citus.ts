// A request of one account runs every statement on one shard (issue 35): its connections tell
// Citus to refuse any statement that would reach several (citus.multi_task_query_log_level), so a
// join or subquery that loses the account's filter answers 500 here instead of fanning out to
// every node in production. The session guard and the main lists are called as staff call them.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as api from '@willow/contracts';
import { createAccount, createTestApp, type TestAccount, type TestContext } from '../harness.js';
import { newClient, newPatient } from '../records.js';

const url = inject('citusUrl');
let ctx: TestContext;
let home: TestAccount;
let clientId: string;

describe.skipIf(!url)('a request of one account on Citus', () => {
  beforeAll(async () => {
    const strict = new URL(url);
    strict.searchParams.set('options', '-c citus.multi_task_query_log_level=error');
    ctx = await createTestApp({ databaseUrl: strict.toString() });
    home = await createAccount(ctx);
    const client = await newClient(home.admin, home.locationId, { lastName: 'Shard' });
    await newPatient(home.admin, client.id, home.speciesId);
    clientId = client.id;
  });
  afterAll(() => ctx?.close());

  const refusedOf = async (calls: readonly (readonly [api.Operation, Record<string, string | number>])[]) => {
    const refused: string[] = [];
    for (const [op, query] of calls) {
      const res = await home.admin.call(op, { query });
      if (res.statusCode !== 200) refused.push(`${op.method} ${op.path}: ${res.statusCode}`);
    }
    return refused;
  };
  const day = () => new Date().toISOString().slice(0, 10);

  it('runs the session guard and the calendar week on its account’s shard only', async () => {
    expect(await refusedOf([
      [api.getProfile, {}],
      [api.listAppointments, { startDate: `${day()}T00:00:00Z`, endDate: `${day()}T23:59:59Z`, limit: 5000 }],
    ])).toEqual([]);
  });

  // Their correlated subqueries (a client's patient count, an invoice's paid amount, a payment's
  // client and type) name the account on their inner tables too (`sameAccount`, decision 0276).
  it('runs the client, patient, invoice and payment lists on its account’s shard only', async () => {
    expect(await refusedOf([
      [api.listClients, { locationId: home.locationId }],
      [api.listPatients, { locationId: home.locationId }],
      [api.invoiceOps.list!, { locationId: home.locationId }],
      [api.paymentOps.list, { locationId: home.locationId }],
    ])).toEqual([]);
  });

  // Their joins and correlated subqueries (a vaccination's later dose, an appointment's end of
  // aftercare, a request's submission) name the account on each table as well. The form requests
  // also answer rather than fail on Citus's text for the shard (a second unnamed "id" column
  // made its `order by "id"` ambiguous).
  it('runs the reports, the analytics and the form requests on its account’s shard only', async () => {
    const range = { from: day(), to: day() };
    expect(await refusedOf([
      [api.revenueReport, { ...range, groupBy: 'service' }],
      [api.receivablesAgeingReport, {}],
      [api.receivablesAgeingReport, { limit: 10, offset: 0 }],
      [api.receivablesAgeingReport, { format: 'csv' }],
      [api.paymentsByTypeReport, range],
      [api.appointmentsByStatusReport, range],
      [api.endOfLifeReport, range],
      [api.vaccinationsDueReport, {}],
      [api.missedChargesReport, range],
      [api.stockValuationReport, {}],
      [api.analyticsDashboard, range],
      [api.listReportFilterSets, { report: 'revenue' }],
      [api.listFormRequests, { clientId }],
    ])).toEqual([]);
  });
});
