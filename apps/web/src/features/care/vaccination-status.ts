import type { Vaccination } from '@willow/contracts';

export type VaccinationStatus = Vaccination['status'];

export interface StatusChip {
  label: string;
  color: 'error' | 'warning' | 'success' | 'default';
}

/** How each status reads at a glance: overdue is an error, due soon a warning. */
export const VACCINATION_STATUS_CHIPS: Record<VaccinationStatus, StatusChip> = {
  overdue: { label: 'Overdue', color: 'error' },
  dueSoon: { label: 'Due soon', color: 'warning' },
  current: { label: 'Current', color: 'success' },
  noBooster: { label: 'No booster', color: 'default' },
};

export function vaccinationStatusChip(status: VaccinationStatus): StatusChip {
  return VACCINATION_STATUS_CHIPS[status];
}

export type VaccinationQuickFilter = 'all' | 'overdue' | 'dueSoon';

/** A quick filter as the list's `status` query: the server computes each status for the location's today, on every page. */
export function statusQuery(filter: VaccinationQuickFilter): Exclude<VaccinationQuickFilter, 'all'> | undefined {
  return filter === 'all' ? undefined : filter;
}

/** The most urgent first: overdue, due soon, current, no booster. */
const URGENCY: Record<VaccinationStatus, number> = { overdue: 0, dueSoon: 1, current: 2, noBooster: 3 };
export const byUrgency = (a: VaccinationStatus, b: VaccinationStatus) => URGENCY[a] - URGENCY[b];
