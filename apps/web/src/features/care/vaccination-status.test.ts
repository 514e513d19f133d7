import { describe, expect, it } from 'vitest';
import { byUrgency, filterVaccinations, vaccinationStatusChip } from './vaccination-status';

describe('vaccination status chips', () => {
  it('maps every status to its label and colour', () => {
    expect(vaccinationStatusChip('overdue')).toEqual({ label: 'Overdue', color: 'error' });
    expect(vaccinationStatusChip('dueSoon')).toEqual({ label: 'Due soon', color: 'warning' });
    expect(vaccinationStatusChip('current')).toEqual({ label: 'Current', color: 'success' });
    expect(vaccinationStatusChip('noBooster')).toEqual({ label: 'No booster', color: 'default' });
  });

  it('filters quickly by status', () => {
    const rows = [{ status: 'overdue' as const }, { status: 'dueSoon' as const }, { status: 'current' as const }];
    expect(filterVaccinations(rows, 'all')).toHaveLength(3);
    expect(filterVaccinations(rows, 'overdue')).toEqual([{ status: 'overdue' }]);
    expect(filterVaccinations(rows, 'dueSoon')).toEqual([{ status: 'dueSoon' }]);
  });

  it('orders by urgency', () => {
    expect((['noBooster', 'current', 'overdue', 'dueSoon'] as const).slice().sort(byUrgency)).toEqual([
      'overdue',
      'dueSoon',
      'current',
      'noBooster',
    ]);
  });
});
