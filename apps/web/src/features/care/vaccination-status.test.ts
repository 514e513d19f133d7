import { describe, expect, it } from 'vitest';
import { byUrgency, statusQuery, vaccinationStatusChip } from './vaccination-status';

describe('vaccination status chips', () => {
  it('maps every status to its label and colour', () => {
    expect(vaccinationStatusChip('overdue')).toEqual({ label: 'Overdue', color: 'error' });
    expect(vaccinationStatusChip('dueSoon')).toEqual({ label: 'Due soon', color: 'warning' });
    expect(vaccinationStatusChip('current')).toEqual({ label: 'Current', color: 'success' });
    expect(vaccinationStatusChip('noBooster')).toEqual({ label: 'No booster', color: 'default' });
  });

  it('asks the server for the quick filter’s status, and for none when all are shown', () => {
    expect(statusQuery('all')).toBeUndefined();
    expect(statusQuery('overdue')).toBe('overdue');
    expect(statusQuery('dueSoon')).toBe('dueSoon');
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
