import { describe, expect, it } from 'vitest';
import { minutesOf, toPreferredTimes } from './booking-times';

const NOW = Date.parse('2029-12-01T12:00:00Z');

describe('preferred times', () => {
  it('reads times as the clinic\'s wall clock, daylight saving included', () => {
    const result = toPreferredTimes(
      [
        { date: '2030-01-15', time: '10:00' },
        { date: '2030-07-15', time: '10:00' },
        { date: '2030-07-15', time: '09:30' },
      ],
      'America/New_York',
      NOW,
    );
    expect(result).toEqual({
      times: ['2030-01-15T15:00:00.000Z', '2030-07-15T14:00:00.000Z', '2030-07-15T13:30:00.000Z'],
      errors: {},
    });
    expect(toPreferredTimes([{ date: '2030-01-15', time: '10:00' }], 'America/Los_Angeles', NOW).times).toEqual([
      '2030-01-15T18:00:00.000Z',
    ]);
  });

  it('skips blank rows and reports half-filled, past and repeated ones', () => {
    const result = toPreferredTimes(
      [
        { date: '', time: '' },
        { date: '2030-01-15', time: '' },
        { date: '2029-11-30', time: '10:00' },
        { date: '2030-01-15', time: '10:00' },
        { date: '2030-01-15', time: '10:00' },
      ],
      'America/New_York',
      NOW,
    );
    expect(result.times).toEqual(['2030-01-15T15:00:00.000Z']);
    expect(result.errors).toEqual({
      1: 'Enter both a date and a time.',
      2: 'Choose a time in the future.',
      4: 'This time is already one of your choices.',
    });
  });

  it('parses what time inputs give', () => {
    expect(minutesOf('09:05')).toBe(545);
    expect(minutesOf('23:59:00')).toBe(1439);
    expect(minutesOf('24:00')).toBeUndefined();
    expect(minutesOf('')).toBeUndefined();
  });
});
