// The Reports page's dates as a person types them, fast, on a busy machine: the router renders each
// address change as a transition, which the next key interrupts, so its render of a day typed can
// land after later keys (issue 36). Inside one act() the keys below come before any such render.
// Then the saved filters' moving ranges: chosen when saving, their days asked for when applied.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportFilterSet } from '@willow/contracts';
import { Link, useLocation } from 'react-router';
import { fakeServer, NEW_YORK, renderPage, resetAll, sessionAnswer, stubMatchMedia } from '../../test/test-support';
import { todayIso } from '../../lib/dates';
import { lastMonth } from './report-definition';
import ReportsPage from './reports-page';

/** The address the router shows, and a link to another report (an address the page did not write). */
function Address() {
  return (
    <>
      <output data-testid="address">{useLocation().search}</output>
      <Link to="/reports?report=paymentsByType">Payments link</Link>
    </>
  );
}

function serve() {
  return fakeServer((call) => {
    const q = (name: string) => call.query.get(name);
    if (call.path === '/api/reports/revenue')
      return { body: { currency: 'USD', from: q('from'), to: q('to'), groupBy: 'month', rows: [], totals: { subtotal: 0, discount: 0, tax: 0, total: 0 } } };
    if (call.path === '/api/reports/paymentsByType') return { body: { currency: 'USD', from: q('from'), to: q('to'), rows: [], totals: { payments: 0, amount: 0 } } };
    if (call.path === '/api/reports/expiringStock') return { body: { currency: 'USD', before: null, rows: [], totals: { lots: 0, expired: 0, value: 0 } } };
    if (call.path === '/api/reports/controlledDrugLedger') return { body: { from: q('from'), to: q('to'), rows: [], totals: { entries: 0, in: 0, out: 0 } } };
    if (call.path === '/api/item') return { body: { items: [], total: 0 } };
    if (call.path === '/api/reports/filterSets' || call.path === '/api/user') return { body: [] };
    return sessionAnswer(call, NEW_YORK);
  });
}

/** The page at `path` with the address probe beside it, once the report named `grid` shows. */
async function openReports(path: string, grid: string) {
  renderPage(
    <>
      <ReportsPage />
      <Address />
    </>,
    { path, pattern: '/reports' },
  );
  await screen.findByRole('grid', { name: grid });
}

const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
const dateBox = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement;

beforeEach(stubMatchMedia);
afterEach(resetAll);

describe('Reports page: the days typed', () => {
  it('keeps From when To is typed before the router has rendered From, just after the ledger’s tab opened', async () => {
    serve();
    await openReports('/reports?report=expiringStock', 'Expiring stock');
    fireEvent.click(screen.getByRole('tab', { name: 'Controlled-drug ledger' }));
    await screen.findByRole('grid', { name: 'Controlled-drug ledger' });

    act(() => {
      fireEvent.change(dateBox('From'), { target: { value: '2026-11-29' } });
      fireEvent.change(dateBox('To'), { target: { value: '2026-12-01' } });
    });
    expect(address().get('from')).toBe('2026-11-29');
    expect(address().get('to')).toBe('2026-12-01');
    expect(address().get('report')).toBe('controlledDrugLedger');
    expect(dateBox('From').value).toBe('2026-11-29');
    expect(dateBox('To').value).toBe('2026-12-01');
  });

  it('keeps a year half typed when the router renders the day before it late', async () => {
    serve();
    await openReports('/reports?report=revenue', 'Revenue');
    act(() => {
      // Chromium's date box: the day's last digit makes a whole date, then the year starts again at 0002.
      fireEvent.change(dateBox('From'), { target: { value: '2026-11-29' } });
      fireEvent.change(dateBox('From'), { target: { value: '0002-11-29' } });
    });
    expect(dateBox('From').value).toBe('0002-11-29');
    act(() => {
      fireEvent.change(dateBox('From'), { target: { value: '2026-11-29' } });
    });
    expect(address().get('from')).toBe('2026-11-29');
    expect(dateBox('From').value).toBe('2026-11-29');
  });

  it('passes on a date half typed (the box empty, a part in it) as nothing: the default day is not put back under the keys', async () => {
    serve();
    await openReports('/reports?report=revenue', 'Revenue');
    const from = dateBox('From');
    fireEvent.change(from, { target: { value: '2026-11-29' } });
    expect(address().get('from')).toBe('2026-11-29');
    // Chromium's box reads '' while a part is invalid: the day typed "0" on its way to "02".
    Object.defineProperty(from, 'validity', { configurable: true, get: () => ({ badInput: true }) });
    fireEvent.change(from, { target: { value: '' } });
    expect(address().get('from')).toBe('2026-11-29');
    expect(from.value).toBe('');
    fireEvent.change(from, { target: { value: '2026-11-02' } });
    expect(address().get('from')).toBe('2026-11-02');

    // Every part emptied: cleared, the report's default again.
    Object.defineProperty(from, 'validity', { configurable: true, get: () => ({ badInput: false }) });
    fireEvent.change(from, { target: { value: '' } });
    expect(address().get('from')).toBeNull();
    expect(from.value).toBe(lastMonth(todayIso()).from);
  });

  it('follows an address it did not write (a link) once the days typed are in it', async () => {
    serve();
    await openReports('/reports?report=revenue', 'Revenue');
    fireEvent.change(dateBox('From'), { target: { value: '2026-11-02' } });
    expect(address().get('from')).toBe('2026-11-02');
    fireEvent.click(screen.getByRole('link', { name: 'Payments link' }));
    await screen.findByRole('grid', { name: 'Payments by type' });
    expect(screen.getByRole('tab', { name: 'Payments by type', selected: true })).toBeTruthy();
    expect(address().get('from')).toBeNull();
    expect(dateBox('From').value).not.toBe('2026-11-02');
  });
});

describe('Reports page: a moving range in saved filters', () => {
  const set = (over: Partial<ReportFilterSet>): ReportFilterSet => ({
    id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000f1',
    report: 'revenue',
    name: 'Monday',
    filters: { from: '2026-10-01', to: '2026-10-31', groupBy: 'month' },
    range: 'lastMonth',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...over,
  });
  /** The sets as the server answers them: the moving one's days as of the answer's day (the second answer a month on). */
  function serveSets() {
    let answers = 0;
    const calls = fakeServer((call) => {
      if (call.method === 'GET' && call.path === '/api/reports/filterSets') {
        answers += 1;
        return { body: [answers === 1 ? set({}) : set({ filters: { from: '2026-11-01', to: '2026-11-30', groupBy: 'month' } })] };
      }
      if (call.method === 'POST' && call.path === '/api/reports/filterSets') {
        const data = (call.body as { data: { name: string; filters: Record<string, string>; range?: string } }).data;
        return { status: 201, body: set({ id: '0c8a8d4e-2a3b-4c5d-8e9f-0000000000f2', name: data.name, range: (data.range ?? null) as ReportFilterSet['range'], filters: { ...data.filters, from: '2026-11-24', to: '2026-11-30' } }) };
      }
      if (call.path === '/api/reports/revenue')
        return { body: { currency: 'USD', from: call.query.get('from'), to: call.query.get('to'), groupBy: 'month', rows: [], totals: { subtotal: 0, discount: 0, tax: 0, total: 0 } } };
      if (call.path === '/api/user') return { body: [] };
      return sessionAnswer(call, NEW_YORK);
    });
    return calls;
  }
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  };

  it('asks for the sets again when a moving one is applied, and applies the days answered then', async () => {
    serveSets();
    await openReports('/reports?report=revenue&from=2026-01-01&to=2026-01-31', 'Revenue');
    await choose('Saved filters', 'Monday (Last month)');
    await waitFor(() => expect(address().get('from')).toBe('2026-11-01'));
    expect(address().get('to')).toBe('2026-11-30');
    expect(dateBox('From').value).toBe('2026-11-01');
  });

  it('saves the range chosen under Dates, and shows its days', async () => {
    const calls = serveSets();
    await openReports('/reports?report=revenue&from=2026-01-01&to=2026-01-31', 'Revenue');
    fireEvent.click(screen.getByRole('button', { name: 'Save filters…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save filters' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Name/ }), { target: { value: 'This week' } });
    expect(within(dialog).getByRole('combobox', { name: 'Dates' }).textContent).toBe('Keep these dates (2026-01-01 to 2026-01-31)');
    await choose('Dates', 'Last 7 days');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Filters saved as “This week”');
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/api/reports/filterSets')!;
    expect(saved.body).toEqual({ data: { report: 'revenue', name: 'This week', filters: { from: '2026-01-01', to: '2026-01-31', groupBy: 'month' }, range: 'last7Days' } });
    await waitFor(() => expect(address().get('from')).toBe('2026-11-24'));
  });
});
