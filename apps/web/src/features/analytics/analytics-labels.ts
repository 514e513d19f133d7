// How the dashboard names its periods and figures, read the same in the charts and their tables.
import { formatCents, REPORT_MAX_DAYS, REPORT_MESSAGES, type AnalyticsPeriod } from '@willow/contracts';

const DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const DAY_IN_YEAR = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const MONTH = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric' });

/** A period's label from its first day: "Mar 5" (the year added when the range spans two), "Week of Mar 2", "Mar 2026". */
export function periodLabel(first: string, period: AnalyticsPeriod, withYear = false): string {
  const date = new Date(`${first}T00:00:00Z`);
  if (period === 'month') return MONTH.format(date);
  const day = (withYear ? DAY_IN_YEAR : DAY).format(date);
  return period === 'week' ? `Week of ${day}` : day;
}

export const PERIOD_NAMES: Record<AnalyticsPeriod, string> = { day: 'by day', week: 'by week', month: 'by month' };

/** Money as the account's currency shows it; whole units on an axis, where cents are noise. */
export const money = (cents: number, currency: string) => formatCents(cents, currency);
export const axisMoney = (cents: number, currency: string) =>
  new Intl.NumberFormat(undefined, { style: 'currency', currency, maximumFractionDigits: 0, notation: 'compact' }).format(cents / 100);

export const days = (n: number | null) => (n === null ? '—' : `${n.toFixed(1)} days`);

/** What is wrong with a range typed in the filters, under the field it belongs to; null: fine. */
export function rangeErrors(from: string, to: string): { from?: string; to?: string } | null {
  const errors: { from?: string; to?: string } = {};
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) errors.from = 'Enter a date';
  if (!/^\d{4}-\d{2}-\d{2}$/.test(to)) errors.to = 'Enter a date';
  if (!errors.from && !errors.to) {
    const span = (Date.parse(to) - Date.parse(from)) / 86_400_000;
    if (span < 0) errors.to = `Must be on or after From`;
    else if (span > REPORT_MAX_DAYS) errors.to = REPORT_MESSAGES.tooLong.replace('from', 'From');
  }
  return errors.from || errors.to ? errors : null;
}
