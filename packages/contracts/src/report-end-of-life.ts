import { z } from 'zod';
import { operation } from './operation.js';
import { checkReportRange, reportAccess, reportRangeShape } from './reports.js';

/**
 * Reports › End-of-life volume: the appointments whose family chose a cremation, by cremation type,
 * by memorial partner or by location, with how long aftercare took (decision 0265): turnaround is
 * the days, on the location's calendar, from the appointment's day to the day its ashes were
 * delivered or spread (cremated, when no ashes come back).
 */
export const END_OF_LIFE_GROUPS = ['cremationType', 'partner', 'location'] as const;
export type EndOfLifeGroup = (typeof END_OF_LIFE_GROUPS)[number];
export const END_OF_LIFE_MESSAGES = {
  /** a location with no memorial partner connected, or with several (which one cremated is not recorded) */
  partnerUnknown: 'Partner not recorded',
} as const;
const count = () => z.number().int();
const volumeShape = {
  /** cremations chosen at appointments starting in the range (not cancelled or rejected) */
  cremations: count(),
  /** of which aftercare is finished (ashes delivered or spread, or cremated when none come back) */
  finished: count(),
  /** of which still under way */
  inProgress: count(),
  /** the finished ones' turnaround days added up: the average's numerator */
  turnaroundDays: count(),
  /** turnaroundDays / finished, to a tenth of a day; null with none finished */
  averageDays: z.number().nullable(),
  longestDays: count().nullable(),
};
export const EndOfLifeRow = z.object({
  /** the cremation type, the partner's name (as connected at the locations) or the location's id; null: partner not recorded */
  key: z.string().nullable(),
  label: z.string(),
  ...volumeShape,
});
export type EndOfLifeRow = z.infer<typeof EndOfLifeRow>;
export const EndOfLifeQuery = z
  .object({
    ...reportRangeShape,
    groupBy: z.enum(END_OF_LIFE_GROUPS, { message: 'must be cremationType, partner or location' }).default('cremationType'),
  })
  .superRefine(checkReportRange);
export type EndOfLifeQuery = z.input<typeof EndOfLifeQuery>;
export const EndOfLifeReport = z.object({
  from: z.string(),
  to: z.string(),
  groupBy: z.enum(END_OF_LIFE_GROUPS),
  rows: z.array(EndOfLifeRow),
  totals: z.object(volumeShape),
});
export type EndOfLifeReport = z.infer<typeof EndOfLifeReport>;
export const endOfLifeReport = operation({
  method: 'GET',
  path: '/api/reports/endOfLife',
  access: reportAccess,
  tag: 'reports',
  summary: 'Cremations chosen at appointments in the range by cremation type, memorial partner or location, with aftercare turnaround in days (CSV or XLSX with format)',
  query: EndOfLifeQuery,
  response: EndOfLifeReport,
});
