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

/** Quick filters over the list already loaded; the server computed each status for the location's today. */
export function filterVaccinations<V extends Pick<Vaccination, 'status'>>(rows: readonly V[], filter: VaccinationQuickFilter): V[] {
  return filter === 'all' ? [...rows] : rows.filter((v) => v.status === filter);
}

/** The most urgent first: overdue, due soon, current, no booster. */
const URGENCY: Record<VaccinationStatus, number> = { overdue: 0, dueSoon: 1, current: 2, noBooster: 3 };
export const byUrgency = (a: VaccinationStatus, b: VaccinationStatus) => URGENCY[a] - URGENCY[b];
