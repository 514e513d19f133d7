/** Cents from money as typed ('160', '95.5', '1,234.50' is not accepted: no grouping), read exactly; NaN when it is not an amount. */
export function centsOf(text: string): number {
  const match = /^\s*(\d{1,8})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return Number.NaN;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Cents as the catalogue pages show money: two decimals, no currency symbol (docs/decisions/0030). */
const format = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatCentsPlain = (cents: number) => format.format(cents / 100);
