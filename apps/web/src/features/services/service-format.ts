const priceFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as entered, two decimals (accounts do not record a currency, so no symbol is guessed). */
export function formatPrice(price: number): string {
  return priceFormat.format(price);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
/** A price with its currency in the browser's locale, e.g. '$85.00' (docs/decisions/0030). */
export function formatMoney(price: number, currency: string): string {
  let f = moneyFormats.get(currency);
  if (!f) {
    f = new Intl.NumberFormat(undefined, { style: 'currency', currency });
    moneyFormats.set(currency, f);
  }
  return f.format(price);
}

/** '45 min', '1 h', '1 h 30 min'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
