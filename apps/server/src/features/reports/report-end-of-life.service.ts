// The end-of-life volume (decision 0265): cremations by type, memorial partner or location, with
// aftercare's turnaround. The partner is the memorial partner connected at the appointment's
// location when it has exactly one: with none or several, which one cremated is not recorded.
import {
  CREMATION_TYPE_LABELS,
  CREMATION_TYPES,
  END_OF_LIFE_MESSAGES,
  INTEGRATION_CATALOGUE,
  MEMORIAL_PARTNER_SERVICES,
  type CremationType,
  type EndOfLifeGroup,
  type EndOfLifeReport,
  type EndOfLifeRow,
} from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { integrationsRepository } from '../integrations/index.js';
import { locationsRepository } from '../locations/index.js';
import { endOfLifeRepository, type EndOfLifeSums } from './report-end-of-life.repository.js';
import type { ReportColumn, ReportFile } from './report-files.js';
import { checkedCurrency, sumOf } from './report-preamble.js';

export type EndOfLifeQuery = { from: string; to: string; locationId?: string | undefined; groupBy: EndOfLifeGroup };

type Figures = Omit<EndOfLifeRow, 'key' | 'label'>;
/** Sums' figures: the average to a tenth of a day, from the days and the count (so totals average the same way). */
function figures(sums: readonly Pick<EndOfLifeSums, 'cremations' | 'finished' | 'turnaroundDays' | 'longestDays'>[]): Figures {
  const cremations = sumOf(sums, (s) => s.cremations);
  const finished = sumOf(sums, (s) => s.finished);
  const turnaroundDays = sumOf(sums, (s) => s.turnaroundDays);
  const longest = sums.flatMap((s) => (s.longestDays === null ? [] : [s.longestDays]));
  return {
    cremations,
    finished,
    inProgress: cremations - finished,
    turnaroundDays,
    averageDays: finished === 0 ? null : Math.round((turnaroundDays / finished) * 10) / 10,
    longestDays: longest.length ? Math.max(...longest) : null,
  };
}

/** Each location's one memorial partner by name, when it has exactly one connected. */
async function partnersOf(db: Db, auth: AuthContext, locationIds: readonly string[]): Promise<Map<string, string>> {
  const partners = new Map<string, string>();
  for (const locationId of locationIds) {
    const connected = (await integrationsRepository.listForLocation(db, auth, locationId)).filter((i) =>
      (MEMORIAL_PARTNER_SERVICES as readonly string[]).includes(i.service),
    );
    if (connected.length !== 1) continue;
    const [one] = connected;
    const name = typeof one!.settings.name === 'string' && one!.settings.name.trim() ? one!.settings.name.trim() : INTEGRATION_CATALOGUE[one!.service as (typeof MEMORIAL_PARTNER_SERVICES)[number]].label;
    partners.set(locationId, name);
  }
  return partners;
}

export async function endOfLifeReport(db: Db, auth: AuthContext, q: EndOfLifeQuery): Promise<EndOfLifeReport> {
  await checkedCurrency(db, auth, [[locationsRepository, q.locationId]]);
  const sums = await endOfLifeRepository.volume(db, auth, q);
  const groups = new Map<string | null, { label: string; sums: EndOfLifeSums[] }>();
  const put = (key: string | null, label: string, s: EndOfLifeSums) => {
    const group = groups.get(key) ?? { label, sums: [] };
    group.sums.push(s);
    groups.set(key, group);
  };
  if (q.groupBy === 'cremationType') {
    for (const s of sums) put(s.cremationType, CREMATION_TYPE_LABELS[s.cremationType as CremationType] ?? s.cremationType, s);
  } else if (q.groupBy === 'location') {
    const names = new Map((await locationsRepository.listSorted(db, auth, {})).map((l) => [l.id, l.name]));
    for (const s of sums) put(s.locationId, names.get(s.locationId) ?? '', s);
  } else {
    const partners = await partnersOf(db, auth, [...new Set(sums.map((s) => s.locationId))]);
    // The same partner connected at two locations is one partner: its name is the key.
    for (const s of sums) {
      const name = partners.get(s.locationId);
      put(name ?? null, name ?? END_OF_LIFE_MESSAGES.partnerUnknown, s);
    }
  }
  const rows: EndOfLifeRow[] = [...groups].map(([key, g]) => ({ key, label: g.label, ...figures(g.sums) }));
  const typeOrder = (key: string | null) => (CREMATION_TYPES as readonly (string | null)[]).indexOf(key);
  // Types in the price list's order; partners and locations largest first, the unrecorded last.
  if (q.groupBy === 'cremationType') rows.sort((a, b) => typeOrder(a.key) - typeOrder(b.key));
  else rows.sort((a, b) => Number(a.key === null) - Number(b.key === null) || b.cremations - a.cremations || a.label.localeCompare(b.label));
  return { from: q.from, to: q.to, groupBy: q.groupBy, rows, totals: figures(sums) };
}

const HEADINGS: Record<EndOfLifeGroup, string> = { cremationType: 'Cremation type', partner: 'Memorial partner', location: 'Location' };

export function endOfLifeFile(report: EndOfLifeReport): ReportFile<EndOfLifeRow> {
  const columns: ReportColumn<EndOfLifeRow>[] = [
    { header: HEADINGS[report.groupBy], value: (r) => r.label },
    { header: 'Cremations', value: (r) => r.cremations },
    { header: 'Finished', value: (r) => r.finished },
    { header: 'In progress', value: (r) => r.inProgress },
    { header: 'Average turnaround (days)', value: (r) => r.averageDays },
    { header: 'Longest turnaround (days)', value: (r) => r.longestDays },
  ];
  return {
    name: `end-of-life-by-${report.groupBy === 'cremationType' ? 'cremation-type' : report.groupBy}-${report.from}-to-${report.to}`,
    sheet: 'End-of-life volume',
    columns,
    rows: report.rows,
    totals: { key: null, label: 'Total', ...report.totals },
  };
}
