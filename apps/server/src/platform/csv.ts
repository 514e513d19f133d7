/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF line ends, a leading BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const s = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '"') {
        if (s[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && s[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

/** A spreadsheet must not run a cell as a formula (CSV injection), so such cells are quoted with a '. */
function cell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  // Numbers and phone numbers ("+1 (530) 555-0142") are data, not formulas.
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?[\d\s().-]+$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: unknown[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

/** One line of a CSV, guarded and quoted, with its line end: `toCsv`'s, and a streamed export's as it goes. */
export function csvLine(values: readonly unknown[]): string {
  return values.map(cell).join(',') + '\r\n';
}
