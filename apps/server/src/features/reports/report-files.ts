// A report's table as a downloaded file: CSV or XLSX, written a row at a time into the answer's
// stream (decision 0257). The CSV's cells are guarded against formulas as every CSV the product
// writes (platform/csv.ts); the XLSX is exceljs's streaming writer, each row committed as it is
// written, so what is held is a row, not the sheet. Money is written in the currency's units
// (cents / 100), as a spreadsheet sums it.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';
import { csvLine } from '../../platform/csv.js';

export type FileFormat = 'csv' | 'xlsx';

/** One column of a report's file: its heading and its cell, `cents` written as units. */
export interface ReportColumn<R> {
  header: string;
  value: (row: R) => string | number | null;
  cents?: boolean;
}

/** What a file holds: its columns, its rows and, last, the totals row. */
export interface ReportFile<R> {
  /** the file's name without its extension (letters, digits, dashes) */
  name: string;
  sheet: string;
  columns: readonly ReportColumn<R>[];
  /** an array, rows made as they are written, or pages of rows read as they are written (decision 0289) */
  rows: Iterable<R> | AsyncIterable<readonly R[]>;
  totals: R;
}

const CONTENT_TYPES: Record<FileFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** How many rows the XLSX writer commits between letting its output through. */
const ROWS_BETWEEN_WAITS = 500;

/** A cent figure as units: 12345 → 123.45 (exact to the cent in a double). */
const units = (cents: number) => Math.round(cents) / 100;

function cellsOf<R>(columns: readonly ReportColumn<R>[], row: R, text: boolean): (string | number | null)[] {
  return columns.map((c) => {
    const value = c.value(row);
    if (!c.cents || typeof value !== 'number') return value;
    return text ? units(value).toFixed(2) : units(value);
  });
}

/** About what the CSV's lines are gathered into before each is sent on: one write per line to the compressor cost more than the lines. */
const CSV_CHUNK = 64 * 1024;

/** The rows as batches: each page as it is read, or all of them as one batch (iterated as they are made). */
async function* batchesOf<R>(rows: ReportFile<R>['rows']): AsyncGenerator<Iterable<R>> {
  if (Symbol.asyncIterator in rows) yield* rows;
  else yield rows;
}

async function* csvLines<R>(file: ReportFile<R>): AsyncGenerator<string> {
  // A BOM first: spreadsheets then read the file as UTF-8 (names with accents).
  let chunk = '\uFEFF' + csvLine(file.columns.map((c) => c.header));
  for await (const batch of batchesOf(file.rows)) {
    for (const row of batch) {
      chunk += csvLine(cellsOf(file.columns, row, true));
      if (chunk.length >= CSV_CHUNK) {
        yield chunk;
        chunk = '';
      }
    }
    // A page's lines go out before the next page is read, not held while its statement runs.
    if (chunk) yield chunk;
    chunk = '';
  }
  yield chunk + csvLine(cellsOf(file.columns, file.totals, true));
}

type StreamState = { _writableState?: { needDrain?: boolean } };
/** A wait whose stream may fail instead: the failure is the download's (destroyed), never an unhandled rejection. */
const settled = (wait: Promise<unknown>) => wait.catch(() => undefined);

/**
 * Resolves when the sheet's zip entry and the answer can take more. exceljs 4.4 writes the sheet
 * into its zip entry (a readable-stream PassThrough) without heeding a full buffer, so the
 * entry's own state is read here: measured, 400,000 rows peaked at 226 MB without the wait, 151 MB with it.
 */
async function caughtUp(sheet: ExcelJS.Worksheet, out: PassThrough, closed: Promise<unknown>): Promise<void> {
  const entry = (sheet as unknown as { stream?: { pipes?: (NodeJS.EventEmitter & StreamState)[] } }).stream?.pipes?.[0];
  // A download broken off closes the answer: then the writer stops rather than wait for a drain that never comes.
  if (entry?._writableState?.needDrain) await Promise.race([settled(once(entry, 'drain')), closed]);
  if (out.writableNeedDrain) await Promise.race([settled(once(out, 'drain')), closed]);
  if (out.destroyed) throw new Error('The download was closed');
  await setImmediate();
}

/** Writes the workbook into `out` row by row; the stream ends when the workbook is committed. */
async function writeXlsx<R>(file: ReportFile<R>, out: PassThrough): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(file.sheet);
  const closed = settled(once(out, 'close'));
  sheet.addRow(file.columns.map((c) => c.header)).commit();
  let written = 0;
  for await (const batch of batchesOf(file.rows)) {
    for (const row of batch) {
      sheet.addRow(cellsOf(file.columns, row, false)).commit();
      // A loop that never waits would zip the whole sheet into memory before a byte is sent: every
      // so many rows it waits for the zip to take what it has and for the answer to be sent on.
      if (++written % ROWS_BETWEEN_WAITS === 0) await caughtUp(sheet, out, closed);
    }
  }
  sheet.addRow(cellsOf(file.columns, file.totals, false)).commit();
  sheet.commit();
  await workbook.commit();
}

/** Answers the file as an attachment, streamed; the handler hands back the reply. */
export function sendReportFile<R>(reply: FastifyReply, format: FileFormat, file: ReportFile<R>): FastifyReply {
  reply
    .header('content-type', CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${file.name}.${format}"`)
    .header('cache-control', 'private, no-store');
  if (format === 'csv') return reply.send(Readable.from(csvLines(file)));
  const out = new PassThrough();
  // A failure half-way ends the download broken rather than leaving the request open.
  writeXlsx(file, out).catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return reply.send(out);
}

/** A report's answer: the report itself as JSON, or its table as a file (`fileOf` builds it only then). */
export function answerReport<T, R>(reply: FastifyReply, format: FileFormat | 'json', report: T, fileOf: (report: T) => ReportFile<R>): T {
  return format === 'json' ? report : (sendReportFile(reply, format, fileOf(report)) as never);
}
