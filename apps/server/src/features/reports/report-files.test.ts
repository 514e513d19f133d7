import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../platform/csv.js';
import { sendReportFile, type FileFormat } from './report-files.js';

type Row = { label: string; cents: number; count: number };
/** More than the XLSX writer commits between waits (500) and than one CSV chunk holds (64 KiB). */
const ROWS = 4_321;
/** Rows made as they are written: the writer holds none of them. */
function* rows(): Generator<Row> {
  for (let i = 0; i < ROWS; i++) yield { label: i === 0 ? '=SUM(A1:A9)' : `Client ${i}`, cents: i * 101 - 5, count: i };
}
const app = Fastify();
app.get<{ Querystring: { format: FileFormat } }>('/file', async (req, reply) =>
  sendReportFile(reply, req.query.format, {
    name: 'clients',
    sheet: 'Clients',
    columns: [
      { header: 'Client', value: (r: Row) => r.label },
      { header: 'Owed (USD)', value: (r: Row) => r.cents, cents: true },
      { header: 'Invoices', value: (r: Row) => r.count },
    ],
    rows: rows(),
    totals: { label: 'Total', cents: 1, count: 2 },
  }),
);
afterAll(() => app.close());

const expected = [...rows(), { label: 'Total', cents: 1, count: 2 }].map((r) => [r.label, r.cents, r.count]);

describe('report files', () => {
  it('streams an XLSX of more rows than the writer commits between waits, read back whole', async () => {
    const res = await app.inject({ url: '/file?format=xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="clients.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values: unknown[][] = [];
    book.getWorksheet('Clients')!.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toEqual(['Client', 'Owed (USD)', 'Invoices']);
    // A text cell stays text in a workbook: no formula is made of it.
    expect(values.slice(1).map(([label, units, count]) => [label, Math.round((units as number) * 100), count])).toEqual(expected);
  });

  it('streams a CSV with formulas guarded and money in units to the cent', async () => {
    const res = await app.inject({ url: '/file?format=csv' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual(['Client', 'Owed (USD)', 'Invoices']);
    expect(lines[0]).toEqual(["'=SUM(A1:A9)", '-0.05', '0']);
    expect(lines[1]![1]).toBe('0.96');
    expect(lines.slice(1).map(([label, units, count]) => [label, Math.round(Number(units) * 100), Number(count)])).toEqual(expected.slice(1));
  });
});
