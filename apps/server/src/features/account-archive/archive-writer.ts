// Security-critical: writes an account's whole data into one zip (decision 0273). Every read is
// scoped to the one account; what goes in is archive-contents.ts's; every cell goes through the
// platform's CSV guard (a spreadsheet never runs a cell as a formula).
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { Db } from '../../db/client.js';
import { csvLine } from '../../platform/csv.js';
import type { DocumentStorage } from '../../platform/document-storage.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { accountArchivesRepository as repo, archivedTables, type ArchivedTable } from './account-archive.repository.js';
import { LEFT_OUT } from './archive-contents.js';

/** Rows read per statement: memory stays flat whatever the account's size. */
export const PAGE_ROWS = 500;

export interface ArchivePlan {
  tables: { table: ArchivedTable; rows: number }[];
  documents: number;
  /** the locations' logos */
  logos: number;
  /** rows and files: the progress bar's whole */
  total: number;
}

/** How much there is to write: each table's rows, the documents' files and the locations' logos. */
export async function planArchive(db: Db, scope: Scope): Promise<ArchivePlan> {
  const tables: ArchivePlan['tables'] = [];
  for (const table of archivedTables()) tables.push({ table, rows: await repo.countRows(db, scope, table) });
  const documents = tables.find((t) => t.table.name === 'documents')?.rows ?? 0;
  const logos = await repo.countLogos(db, scope);
  return { tables, documents, logos, total: tables.reduce((sum, t) => sum + t.rows, 0) + documents + logos };
}

/** A stored document's place in the archive: its own folder (names repeat), its name made safe for any file system. */
export function documentPath(id: string, fileName: string): string {
  const safe = fileName
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, '_')
    .replace(/^\.+/, '_')
    .slice(0, 150)
    .trim();
  return `documents/${id}/${safe || 'file'}`;
}

/** A location's logo in the archive: named by the location's id, with its image type's extension. */
export function logoPath(locationId: string, contentType: string): string {
  return `logos/${locationId}.${contentType === 'image/jpeg' ? 'jpg' : 'png'}`;
}

/**
 * The tables whose rows name a stored file: the column their CSV adds with the file's place in
 * the archive (empty when the row has none), the file's storage key, and the path itself.
 */
const STORED_FILES: Readonly<Record<string, { header: string; key: (row: Record<string, unknown>) => string | null; path: (row: Record<string, unknown>) => string }>> = {
  documents: { header: 'file', key: (row) => String(row.storageKey), path: (row) => documentPath(String(row.id), String(row.fileName)) },
  locations: {
    header: 'logo',
    key: (row) => (row.logoStorageKey ? String(row.logoStorageKey) : null),
    path: (row) => logoPath(String(row.id), String(row.logoContentType)),
  },
};

/** A value as a CSV cell's text: instants in ISO 8601 (UTC), lists and objects as JSON. */
function text(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return value;
}

async function* csvOf(db: Db, scope: Scope, t: ArchivedTable, progress: (n: number) => void, signal: AbortSignal): AsyncGenerator<string> {
  const files = STORED_FILES[t.name];
  // The byte order mark: spreadsheets then read the file as UTF-8.
  yield '\ufeff' + csvLine([...t.columns.map((c) => c.header), ...(files ? [files.header] : [])]);
  let last: Record<string, unknown> | undefined;
  for (;;) {
    signal.throwIfAborted();
    const rows = await repo.pageOf(db, scope, t, last, PAGE_ROWS);
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      const values = t.columns.map((c) => text(row[c.key]));
      if (files) values.push(files.key(row) === null ? null : files.path(row));
      chunk += csvLine(values);
    }
    yield chunk;
    progress(rows.length);
    if (rows.length < PAGE_ROWS) return;
    last = rows[rows.length - 1];
  }
}

function readme(plan: ArchivePlan, madeAt: Date): string {
  return [
    `This archive holds the practice's data as it was read on ${madeAt.toISOString()}.`,
    '',
    'One CSV file per kind of record (UTF-8, the first line names the columns; times in UTC, ISO 8601;',
    'amounts of money in cents; lists and details as JSON). Records refer to each other by id.',
    'documents/ holds the stored documents, each in a folder named by its id (documents.csv, column "file").',
    'logos/ holds the locations\' logos, each named by its location\'s id (locations.csv, column "logo").',
    'A cell that a spreadsheet would run as a formula starts with an apostrophe.',
    '',
    'Files:',
    ...plan.tables.map(({ table, rows }) => `  ${table.name}.csv  ${rows} row${rows === 1 ? '' : 's'}`),
    '',
    'Not included: passwords, sign-in sessions and tokens, integration secrets, and the records kept',
    'only for the running of the product:',
    ...Object.entries(LEFT_OUT)
      .filter(([name]) => name !== 'account_archives')
      .map(([name, why]) => `  ${name}: ${why}`),
    '',
  ].join('\r\n');
}

/**
 * Streams the account's archive into the storage under `key`: one entry at a time (each CSV read a
 * page at a time, each document's file and location's logo streamed from the storage), `progress` told of every page
 * and file. Answers the zip's size. Aborting `signal` stops it; the caller removes what was written.
 */
export async function writeArchive(opts: {
  db: Db;
  storage: DocumentStorage;
  scope: Scope;
  key: string;
  plan: ArchivePlan;
  progress: (n: number) => void;
  signal: AbortSignal;
  madeAt: Date;
}): Promise<number> {
  const { db, storage, scope, plan, progress, signal } = opts;
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const stored = storage.put(opts.key, zip);
  // The storage ending first (a write refused) or the work being stopped ends the wait for an entry.
  let sourceFailed: (err: unknown) => void = () => {};
  const interrupted = new Promise<never>((_, reject) => {
    sourceFailed = reject;
    stored.then(() => reject(new Error('The archive storage finished before the archive')), reject);
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
  interrupted.catch(() => {});
  // A source's failure (a page that could not be read, a file cut short) is caught here rather than
  // left to the zip's own handling of a failing entry: the whole archive fails with it.
  async function* guarded(source: AsyncIterable<unknown>) {
    try {
      for await (const chunk of source) yield chunk;
    } catch (err) {
      sourceFailed(err);
    }
  }
  const add = async (source: AsyncIterable<unknown> | string, name: string) => {
    const written = once(zip, 'entry');
    written.catch(() => {});
    zip.append(typeof source === 'string' ? source : Readable.from(guarded(source)), { name, date: opts.madeAt });
    await Promise.race([written, interrupted]);
  };
  try {
    await add(readme(plan, opts.madeAt), 'README.txt');
    for (const { table } of plan.tables) await add(csvOf(db, scope, table, progress, signal), `${table.name}.csv`);
    const missing: string[] = [];
    for (const { table } of plan.tables) {
      const files = STORED_FILES[table.name];
      let last: Record<string, unknown> | undefined;
      while (files) {
        const rows = await repo.pageOf(db, scope, table, last, PAGE_ROWS);
        for (const row of rows) {
          signal.throwIfAborted();
          const key = files.key(row);
          if (key === null) continue;
          const path = files.path(row);
          const body = await storage.get(key).catch(() => undefined);
          if (body) await add(body, path);
          else missing.push(csvLine([table.name, row.id, path]));
          progress(1);
        }
        if (rows.length < PAGE_ROWS) break;
        last = rows[rows.length - 1];
      }
    }
    // A file the storage no longer has is named, not silently left out.
    if (missing.length) await add(['\ufeff' + csvLine(['table', 'id', 'file']), ...missing].join(''), 'missing-files.csv');
    await Promise.race([zip.finalize(), interrupted.catch((err: unknown) => (signal.aborted ? Promise.reject(err) : undefined))]);
    return await stored;
  } catch (err) {
    zip.abort();
    await stored.catch(() => undefined);
    throw err;
  }
}
