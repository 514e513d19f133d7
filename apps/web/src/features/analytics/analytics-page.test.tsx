import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { APPOINTMENT_STATUSES, formatCents, type AnalyticsDashboard } from '@willow/contracts';
import { fakeServer, NEW_YORK, renderPage, resetAll, stubMatchMedia, type Answer } from '../../test/test-support';
import AnalyticsPage from './analytics-page';

const none = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, 0])) as AnalyticsDashboard['appointments']['points'][number]['byStatus'];

function dashboard(from: string, to: string): AnalyticsDashboard {
  return {
    currency: 'USD',
    from,
    to,
    period: 'day',
    revenue: { points: [{ period: from, total: 123_450 }], total: 123_450 },
    appointments: { points: [{ period: from, byStatus: { ...none, Completed: 3 }, total: 3 }], total: 3 },
    newClients: { points: [{ period: from, clients: 2 }], total: 2 },
    topServices: { rows: [{ key: 's', label: 'Home euthanasia', total: 123_450 }], total: 123_450 },
    averageInvoice: { points: [{ period: from, invoices: 2, total: 123_450, average: 61_725 }], invoices: 2, total: 123_450, average: 61_725 },
    aftercare: { points: [{ period: from, finished: 0, averageDays: null }], finished: 0, averageDays: null },
  };
}

describe('the analytics page', () => {
  let failing = false;
  beforeEach(() => {
    stubMatchMedia();
    // jsdom measures nothing; the charts ask for their size through ResizeObserver.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    failing = false;
  });
  afterEach(resetAll);

  function serve() {
    return fakeServer((call): Answer | undefined => {
      if (call.path === '/api/location') return { body: [NEW_YORK] };
      if (call.path === '/api/analytics/dashboard')
        return failing ? { status: 500, body: { error: { message: 'Database unavailable' } } } : { body: dashboard(call.query.get('from')!, call.query.get('to')!) };
      return undefined;
    });
  }

  it('asks for the last 30 days and shows a chart’s figures in its Table view', async () => {
    const calls = serve();
    renderPage(<AnalyticsPage />);
    const revenue = await screen.findByRole('region', { name: 'Revenue' });
    const asked = calls.find((c) => c.path === '/api/analytics/dashboard')!;
    expect((Date.parse(asked.query.get('to')!) - Date.parse(asked.query.get('from')!)) / 86_400_000).toBe(29);
    fireEvent.click(within(revenue).getByRole('button', { name: 'Table' }));
    const table = within(revenue).getByRole('region', { name: 'Revenue (table)' });
    const total = within(table).getByRole('rowheader', { name: 'Total' }).closest('tr')!;
    expect(total.textContent).toContain(formatCents(123_450, 'USD'));
    expect(screen.getByRole('region', { name: 'Aftercare turnaround' }).textContent).toContain('No aftercare finished in this range');
  });

  it('tells a range that ends before it starts under To, and asks nothing for it', async () => {
    const calls = serve();
    renderPage(<AnalyticsPage />);
    await screen.findByRole('region', { name: 'Revenue' });
    const before = calls.length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2000-01-01' } });
    expect(await screen.findByText('Must be on or after From')).toBeTruthy();
    expect(calls.slice(before).some((c) => c.path === '/api/analytics/dashboard')).toBe(false);
  });

  it('shows a failed load with Retry, never empty charts, and Retry loads them', async () => {
    failing = true;
    serve();
    renderPage(<AnalyticsPage />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load the charts');
    failing = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Revenue' })).toBeTruthy();
  });
});
