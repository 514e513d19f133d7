// The controlled-drug ledger (decision 0280): the inventory log's own entries of controlled items
// between two days on each entry's location's calendar (the log's range rule, through the inventory
// feature's index), in the order they were written, with the balance the log wrote after each. It is
// a legal record: every entry is a row, corrections and transfers included, nothing netted.
import {
  formatMinutes,
  localClock,
  MOVEMENT_TYPE_LABELS,
  type ControlledDrugLedgerReport,
  type ControlledDrugLedgerRow,
  type MovementType,
} from '@willow/contracts';
import { keyedPages, together, type Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { inventoryLogRepository, itemsRepository } from '../inventory/index.js';
import { locationsRepository } from '../locations/index.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { checkedCurrency } from './report-preamble.js';

export type ControlledDrugLedgerQuery = { from: string; to: string; locationId?: string | undefined; itemId?: string | undefined };

/** Quantities are kept to the thousandth of a sell unit: summed as whole thousandths, no drift. */
const milli = (q: number) => Math.round(q * 1000);

type Entry = Awaited<ReturnType<typeof inventoryLogRepository.entries>>[number];
type Location = Awaited<ReturnType<typeof locationsRepository.listSorted>>[number];

const entryFilters = (q: ControlledDrugLedgerQuery) => ({ controlled: true, from: q.from, to: q.to, locationId: q.locationId, itemId: q.itemId });

const checked = (db: Db, auth: AuthContext, q: ControlledDrugLedgerQuery) =>
  checkedCurrency(db, auth, [
    [locationsRepository, q.locationId],
    [itemsRepository, q.itemId],
  ]);

/** An entry as a row of the ledger, at its location's time: one reader per ledger, each zone's clock made once for all its entries. */
function rowsOf(locations: readonly Location[]): (e: Entry) => ControlledDrugLedgerRow {
  const byId = new Map(locations.map((l) => [l.id, l]));
  // Each zone's clock once for all its entries: a year of the ledger is tens of thousands of rows.
  const clocks = new Map<string, ReturnType<typeof localClock>>();
  const clockOf = (zone: string) => clocks.get(zone) ?? clocks.set(zone, localClock(zone)).get(zone)!;
  return (e) => {
    const location = byId.get(e.locationId);
    const local = clockOf(location?.timezone ?? 'UTC')(e.createdAt);
    return {
      entryId: e.id,
      seq: e.seq,
      createdAt: e.createdAt.toISOString(),
      at: `${local.date} ${formatMinutes(local.minutes)}`,
      itemId: e.itemId,
      name: e.itemName,
      lotNumber: e.lotNumber,
      locationId: e.locationId,
      locationName: location?.name ?? '',
      type: e.type as MovementType,
      quantity: e.quantity,
      sellUnit: e.sellUnit,
      balance: e.balance,
      patientName: e.patientName,
      userName: e.userName,
      reason: e.reason,
      correctsId: e.correctsId,
    };
  };
}

export async function controlledDrugLedgerReport(db: Db, auth: AuthContext, q: ControlledDrugLedgerQuery): Promise<ControlledDrugLedgerReport> {
  await checked(db, auth, q);
  const [entries, locations] = await together(db, [() => inventoryLogRepository.entries(db, auth, entryFilters(q)), () => locationsRepository.listSorted(db, auth, {})] as const);
  let into = 0;
  let out = 0;
  const rowOf = rowsOf(locations);
  const rows = entries.map((e) => {
    if (e.quantity > 0) into += milli(e.quantity);
    else out -= milli(e.quantity);
    return rowOf(e);
  });
  return { from: q.from, to: q.to, rows, totals: { entries: rows.length, in: into / 1000, out: out / 1000 } };
}

/** What the file writes: the ledger's range and totals, and its rows as pages of rows or all at once. */
export type ControlledDrugLedgerFileSource = Pick<ControlledDrugLedgerReport, 'from' | 'to' | 'totals'> & { rows: ReportFile<ControlledDrugLedgerRow>['rows'] };

/**
 * The ledger as its files write it: the filters checked (another account's location or item: 404)
 * and the totals summed by their own statement before the first line, then the entries `limit` at
 * a time in the order the log was written, each page after the last entry of the one before
 * (decision 0296). Each row's balance is the one the log wrote with the entry, so nothing is
 * carried from page to page but where the next one starts.
 */
export async function controlledDrugLedgerFileSource(db: Db, auth: AuthContext, q: ControlledDrugLedgerQuery, limit: number): Promise<ControlledDrugLedgerFileSource> {
  await checked(db, auth, q);
  const [totals, locations] = await together(db, [() => inventoryLogRepository.entryTotals(db, auth, entryFilters(q)), () => locationsRepository.listSorted(db, auth, {})] as const);
  const rowOf = rowsOf(locations);
  async function* pages(): AsyncGenerator<ControlledDrugLedgerRow[]> {
    const entries = keyedPages(limit, (afterSeq: number | null) => inventoryLogRepository.entries(db, auth, entryFilters(q), { limit, afterSeq }), (e: Entry) => e.seq);
    for await (const page of entries) yield page.map(rowOf);
  }
  return { from: q.from, to: q.to, totals, rows: pages() };
}

/** The file's columns and totals row; its rows as `controlledDrugLedgerFileSource` reads them, a page at a time. */
export function controlledDrugLedgerFile(report: ControlledDrugLedgerFileSource): ReportFile<ControlledDrugLedgerRow> {
  const { totals } = report;
  const columns: ReportColumn<ControlledDrugLedgerRow>[] = [
    { header: 'When (location time)', value: (r) => r.at },
    { header: 'Item', value: (r) => r.name },
    { header: 'Lot number', value: (r) => r.lotNumber },
    { header: 'Location', value: (r) => r.locationName },
    { header: 'Type', value: (r) => (r.entryId ? MOVEMENT_TYPE_LABELS[r.type] : '') },
    { header: 'Quantity', value: (r) => r.quantity },
    // The book's two columns beside the signed figure, so a spreadsheet sums each and the totals row shows them.
    { header: 'In', value: (r) => (r.entryId ? (r.quantity > 0 ? r.quantity : null) : totals.in) },
    { header: 'Out', value: (r) => (r.entryId ? (r.quantity < 0 ? -r.quantity : null) : totals.out) },
    { header: 'Unit', value: (r) => r.sellUnit },
    { header: 'Balance after', value: (r) => (r.entryId ? r.balance : null) },
    { header: 'Patient', value: (r) => r.patientName },
    { header: 'User', value: (r) => r.userName },
    { header: 'Reason', value: (r) => r.reason },
  ];
  return {
    name: `controlled-drug-ledger-${report.from}-to-${report.to}`,
    sheet: 'Controlled-drug ledger',
    columns,
    rows: report.rows,
    totals: {
      entryId: '',
      seq: 0,
      createdAt: '',
      at: 'Total',
      itemId: '',
      name: `${totals.entries} entries`,
      lotNumber: null,
      locationId: '',
      locationName: '',
      type: 'received',
      // the net change over the range
      quantity: (milli(totals.in) - milli(totals.out)) / 1000,
      sellUnit: '',
      balance: 0,
      patientName: null,
      userName: null,
      reason: null,
      correctsId: null,
    },
  };
}
