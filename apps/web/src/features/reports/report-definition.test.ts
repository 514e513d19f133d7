import { describe, expect, it } from 'vitest';
import { REPORT_QUERIES } from '@willow/contracts';
import { cellText, exportHref, lastMonth, reportQuery, type ReportColumn } from './report-definition';
import { REPORTS, reportById } from './report-definitions';
import { gridRows, TOTALS_ROW_ID } from './report-table';
import { controlledDrugLedgerDefinition } from './definitions/controlled-drug-ledger.report';
import { daysLeftText, expiringStockDefinition } from './definitions/expiring-stock.report';
import { revenueDefinition } from './definitions/revenue.report';
import { vaccinationsDueDefinition } from './definitions/vaccinations-due.report';

describe('report definitions', () => {
  it('default to last month, across a year’s turn and a short February', () => {
    expect(lastMonth('2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(lastMonth('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonth('2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
  });

  it('ask each report only for the filters it takes, with its defaults, which its contract accepts', () => {
    const chosen = { locationId: '5b0f9f6e-6b1e-4d6f-9a53-0a3c4d7e8f90', providerId: '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f', from: '2026-10-01', to: '2026-10-31' };
    for (const definition of REPORTS) {
      const query = reportQuery(definition, chosen, '2026-11-30');
      expect(REPORT_QUERIES[definition.id].safeParse(query).success, definition.id).toBe(true);
      expect('providerId' in query).toBe(definition.provider);
      expect('from' in query).toBe(definition.range);
    }
    expect(reportQuery(reportById('revenue'), {}, '2026-11-30')).toEqual({ from: '2026-10-01', to: '2026-10-31', groupBy: 'month' });
    expect(reportQuery(reportById('receivablesAgeing'), chosen, '2026-11-30')).toEqual({ locationId: chosen.locationId });
    expect(reportById('nothing').id).toBe('revenue');
  });

  it('export the same filters as a plain GET with the format', () => {
    const href = exportHref(revenueDefinition, { from: '2026-10-01', to: '2026-10-31', groupBy: 'day' }, 'xlsx');
    expect(href).toBe('/api/reports/revenue?from=2026-10-01&to=2026-10-31&groupBy=day&format=xlsx');
  });

  it('show money from integer cents in the account’s currency, counts grouped, text as it is', () => {
    const money: ReportColumn<{ v: number }> = { field: 'v', header: 'V', kind: 'money', value: (r) => r.v };
    expect(cellText(money, { v: 123_456 }, 'USD')).toBe('$1,234.56');
    expect(cellText(money, { v: -5 }, 'EUR')).toBe('-€0.05');
    expect(cellText({ ...money, kind: 'count' }, { v: 12_345 }, 'USD')).toBe('12,345');
    expect(cellText({ ...money, kind: 'text', value: () => '=SUM(A1)' }, { v: 0 }, 'USD')).toBe('=SUM(A1)');
  });

  it('end every page of rows with the totals of all of them', () => {
    const answer = {
      currency: 'USD',
      from: '2026-10-01',
      to: '2026-10-31',
      groupBy: 'month' as const,
      rows: [
        { key: '2026-10-01', label: '2026-10', subtotal: 10_000, discount: 0, tax: 800, total: 10_800 },
        { key: '2026-11-01', label: '2026-11', subtotal: 5_000, discount: 500, tax: 360, total: 4_860 },
      ],
      totals: { subtotal: 15_000, discount: 500, tax: 1_160, total: 15_660 },
    };
    const view = revenueDefinition.view(answer);
    const columns = revenueDefinition.columns({ groupBy: 'month' });
    const rows = gridRows(view, columns, revenueDefinition.rowId, view.rows.slice(0, 1));
    expect(rows.map((r) => [r.id, r.label, r.total])).toEqual([
      ['2026-10-01', '2026-10', '$108.00'],
      [TOTALS_ROW_ID, 'Total', '$156.60'],
    ]);
    expect(columns[0]!.header).toBe('Month');
  });

  it('ask the expiring stock for its day and the ledger for its drug, each only theirs', () => {
    const itemId = '5b0f9f6e-6b1e-4d6f-9a53-0a3c4d7e8f91';
    const chosen = { before: '2027-03-01', itemId, dueBefore: '2027-01-01' };
    const expiring = reportQuery(expiringStockDefinition, chosen, '2026-11-30');
    expect(expiring).toEqual({ before: '2027-03-01' });
    expect(REPORT_QUERIES.expiringStock.safeParse(expiring).success).toBe(true);
    const ledger = reportQuery(controlledDrugLedgerDefinition, chosen, '2026-11-30');
    expect(ledger).toEqual({ from: '2026-10-01', to: '2026-10-31', itemId });
    expect(REPORT_QUERIES.controlledDrugLedger.safeParse(ledger).success).toBe(true);
    expect(reportQuery(revenueDefinition, chosen, '2026-11-30')).not.toHaveProperty('before');
  });

  it('read days left as a person does, and the ledger’s quantities signed with its totals in and out', () => {
    expect([-1, -10, 0, 1, 45].map(daysLeftText)).toEqual(['Expired 1 day ago', 'Expired 10 days ago', 'Expires today', '1 day', '45 days']);
    const entry = {
      entryId: 'e1',
      seq: 1,
      createdAt: '2026-10-02T14:05:00.000Z',
      at: '2026-10-02 10:05',
      itemId: 'i1',
      name: 'Ketamine',
      lotNumber: null,
      locationId: 'l1',
      locationName: 'Main',
      type: 'correction' as const,
      quantity: -1.5,
      sellUnit: 'ml',
      balance: 8.5,
      patientName: null,
      userName: 'Vera Vet',
      reason: 'Miscounted',
      correctsId: 'e0',
    };
    const view = controlledDrugLedgerDefinition.view({ from: '2026-10-01', to: '2026-10-31', rows: [entry, { ...entry, entryId: 'e2', type: 'received', quantity: 10 }], totals: { entries: 2, in: 10, out: 1.5 } }) as {
      rows: { type: string; quantity: string }[];
      totals: { quantity: string; name: string };
    };
    expect(view.rows.map((r) => [r.type, r.quantity])).toEqual([
      ['Entry corrected', '-1.5 ml'],
      ['Received', '+10 ml'],
    ]);
    expect(view.totals).toMatchObject({ name: '2 entries', quantity: 'In 10, out 1.5' });
  });

  it('page the long reports on the server, counting every row and totalling them all', () => {
    expect(REPORTS.filter((d) => d.paged).map((d) => d.id)).toEqual(['receivablesAgeing', 'vaccinationsDue']);
    const row = { vaccinationId: 'v1', vaccine: 'Rabies', givenOn: '2025-10-01', dueOn: '2026-10-01', overdueDays: 3, overdue: true, patientId: 'p1', patientName: 'Max', clientId: 'c1', clientName: 'Cora Smith', phone: null, email: 'cora@example.com', locationId: 'l1', locationName: 'Main' };
    const view = vaccinationsDueDefinition.view({ dueBefore: null, rows: [row], rowCount: 120, totals: { vaccinations: 120, overdue: 40, patients: 90 } });
    expect(view.rowCount).toBe(120);
    const rows = gridRows(view, vaccinationsDueDefinition.columns({}), vaccinationsDueDefinition.rowId, view.rows);
    expect(rows.map((r) => [r.id, r.vaccine, r.overdue])).toEqual([
      ['v1', 'Rabies', '3 days'],
      [TOTALS_ROW_ID, '120 due', '40 overdue'],
    ]);
  });
});
