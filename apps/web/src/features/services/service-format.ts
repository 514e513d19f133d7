const priceFormat = new Intl.NumberFormat(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money as entered, two decimals (accounts do not record a currency, so no symbol is guessed). */
export function formatPrice(price: number): string {
  return priceFormat.format(price);
}

/** '45 min', '1 h', '1 h 30 min'. */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}
