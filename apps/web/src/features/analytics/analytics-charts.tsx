// The dashboard's six charts, each beside its Table view. Drawn with MUI X Charts, which come with
// this page's chunk only (the page is lazy): the first load never carries them.
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { APPOINTMENT_STATUSES, type AnalyticsDashboard } from '@willow/contracts';
import { ChartCard } from './chart-card';
import { axisMoney, days, money, PERIOD_NAMES, periodLabel } from './analytics-labels';

const count = (n: number) => n.toLocaleString();

export function AnalyticsCharts({ data }: { data: AnalyticsDashboard }) {
  const { currency, period } = data;
  const spansYears = data.from.slice(0, 4) !== data.to.slice(0, 4);
  const labelOf = (first: string) => periodLabel(first, period, spansYears && period !== 'month');
  const labels = data.revenue.points.map((p) => labelOf(p.period));
  const xAxis = [{ scaleType: 'band' as const, data: labels, tickLabelMinGap: 12 }];
  const moneyAxis = [{ valueFormatter: (v: number | null) => (v === null ? '' : axisMoney(v, currency)), width: 64 }];
  const cents = (v: number | null) => (v === null ? '' : money(v, currency));
  const by = PERIOD_NAMES[period];

  // Only the statuses the range has: eleven empty series would crowd the legend and the table.
  const statuses = APPOINTMENT_STATUSES.filter((s) => data.appointments.points.some((p) => p.byStatus[s] > 0));
  const averages = data.averageInvoice.points.map((p) => (p.invoices > 0 ? p.average : null));
  const turnarounds = data.aftercare.points.map((p) => p.averageDays);

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' } }}>
      <ChartCard
        title="Revenue"
        summary={`${money(data.revenue.total, currency)} ${by}, invoices less credit notes`}
        chart={<LineChart xAxis={[{ ...xAxis[0]!, scaleType: 'point' }]} yAxis={moneyAxis} series={[{ data: data.revenue.points.map((p) => p.total), label: 'Revenue', valueFormatter: cents, area: true }]} hideLegend />}
        table={{
          columns: [{ header: 'Period' }, { header: `Revenue (${currency})`, numeric: true }],
          rows: data.revenue.points.map((p, i) => ({ key: p.period, cells: [labels[i], money(p.total, currency)] })),
          total: ['Total', money(data.revenue.total, currency)],
        }}
      />
      <ChartCard
        title="Appointments by status"
        summary={`${count(data.appointments.total)} appointments ${by}`}
        empty={data.appointments.total === 0 ? 'No appointments in this range' : null}
        chart={<BarChart xAxis={xAxis} series={statuses.map((s) => ({ data: data.appointments.points.map((p) => p.byStatus[s]), label: s, stack: 'status' }))} />}
        table={{
          columns: [{ header: 'Period' }, ...statuses.map((s) => ({ header: s, numeric: true })), { header: 'Total', numeric: true }],
          rows: data.appointments.points.map((p, i) => ({ key: p.period, cells: [labels[i], ...statuses.map((s) => count(p.byStatus[s])), count(p.total)] })),
          total: ['Total', ...statuses.map((s) => count(data.appointments.points.reduce((n, p) => n + p.byStatus[s], 0))), count(data.appointments.total)],
        }}
      />
      <ChartCard
        title="New clients"
        summary={`${count(data.newClients.total)} clients added ${by}`}
        chart={<BarChart xAxis={xAxis} series={[{ data: data.newClients.points.map((p) => p.clients), label: 'New clients' }]} hideLegend />}
        table={{
          columns: [{ header: 'Period' }, { header: 'New clients', numeric: true }],
          rows: data.newClients.points.map((p, i) => ({ key: p.period, cells: [labels[i], count(p.clients)] })),
          total: ['Total', count(data.newClients.total)],
        }}
      />
      <ChartCard
        title="Top services"
        summary={`Revenue by service, add-on or item: ${money(data.topServices.total, currency)}`}
        empty={data.topServices.rows.length === 0 ? 'Nothing invoiced in this range' : null}
        chart={
          <BarChart
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: data.topServices.rows.map((r) => r.label), width: 120 }]}
            xAxis={moneyAxis.map(({ valueFormatter }) => ({ valueFormatter }))}
            series={[{ data: data.topServices.rows.map((r) => r.total), label: 'Revenue', valueFormatter: cents }]}
            hideLegend
          />
        }
        table={{
          columns: [{ header: 'Service' }, { header: `Revenue (${currency})`, numeric: true }],
          rows: data.topServices.rows.map((r, i) => ({ key: `${i}-${r.key ?? ''}`, cells: [r.label, money(r.total, currency)] })),
          total: ['Total', money(data.topServices.total, currency)],
        }}
      />
      <ChartCard
        title="Average invoice"
        summary={`${money(data.averageInvoice.average, currency)} over ${count(data.averageInvoice.invoices)} invoices`}
        empty={data.averageInvoice.invoices === 0 ? 'No invoices in this range' : null}
        chart={<LineChart xAxis={[{ ...xAxis[0]!, scaleType: 'point' }]} yAxis={moneyAxis} series={[{ data: averages, label: 'Average invoice', valueFormatter: cents, connectNulls: true }]} hideLegend />}
        table={{
          columns: [{ header: 'Period' }, { header: 'Invoices', numeric: true }, { header: `Invoiced (${currency})`, numeric: true }, { header: `Average (${currency})`, numeric: true }],
          rows: data.averageInvoice.points.map((p, i) => ({ key: p.period, cells: [labels[i], count(p.invoices), money(p.total, currency), p.invoices ? money(p.average, currency) : '—'] })),
          total: ['All', count(data.averageInvoice.invoices), money(data.averageInvoice.total, currency), money(data.averageInvoice.average, currency)],
        }}
      />
      <ChartCard
        title="Aftercare turnaround"
        summary={`${days(data.aftercare.averageDays)} on average from the appointment to the ashes delivered or spread (${count(data.aftercare.finished)} finished)`}
        empty={data.aftercare.finished === 0 ? 'No aftercare finished in this range' : null}
        chart={<BarChart xAxis={xAxis} yAxis={[{ label: 'Days' }]} series={[{ data: turnarounds, label: 'Average days', valueFormatter: (v) => days(v) }]} hideLegend />}
        table={{
          columns: [{ header: 'Period' }, { header: 'Finished', numeric: true }, { header: 'Average turnaround', numeric: true }],
          rows: data.aftercare.points.map((p, i) => ({ key: p.period, cells: [labels[i], count(p.finished), days(p.averageDays)] })),
          total: ['All', count(data.aftercare.finished), days(data.aftercare.averageDays)],
        }}
      />
    </Box>
  );
}
