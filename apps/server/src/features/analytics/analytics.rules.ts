// The dashboard's pure rules: which periods a range covers, so every chart lists each of them (an
// empty day is a zero on the chart, not a missing point).
import { addDays, type AnalyticsPeriod } from '@willow/contracts';

/** The first day of the period `date` falls in: itself, its week's Monday (ISO, as PostgreSQL's date_trunc), its month's first. */
export function periodStart(date: string, period: AnalyticsPeriod): string {
  if (period === 'day') return date;
  if (period === 'month') return `${date.slice(0, 7)}-01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** Every period from the one holding `from` to the one holding `to`, by their first days, in order. */
export function periodsOf(from: string, to: string, period: AnalyticsPeriod): string[] {
  const out: string[] = [];
  const last = periodStart(to, period);
  for (let p = periodStart(from, period); p <= last; ) {
    out.push(p);
    if (period === 'day') p = addDays(p, 1);
    else if (period === 'week') p = addDays(p, 7);
    else {
      const [y, m] = p.split('-').map(Number) as [number, number];
      p = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
    }
  }
  return out;
}

/** Days to one decimal: what a person reads of a turnaround. */
export const oneDecimal = (days: number) => Math.round(days * 10) / 10;
