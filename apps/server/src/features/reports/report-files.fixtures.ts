// The reports' tests read their downloads back: an XLSX's first sheet as rows of values, and a
// file's rows split from its header and its totals row.
import ExcelJS from 'exceljs';

/** The first sheet of an XLSX answer, each row's values in column order, the header first. */
export async function sheetValues(res: { rawPayload: Buffer }): Promise<unknown[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const values: unknown[][] = [];
  book.worksheets[0]!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
  return values;
}

/** A file's rows (a CSV's or a sheet's) without the header, and its totals row (the last) apart. */
export function linesAndTotal<T>(rows: readonly T[][]): { lines: T[][]; total: T[] } {
  const [, ...lines] = rows;
  const total = lines.pop()!;
  return { lines, total };
}
