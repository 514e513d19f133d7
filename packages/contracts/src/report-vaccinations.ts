import { z } from 'zod';
import { operation } from './operation.js';
import { dateField, idField } from './rules.js';
import { reportAccess, reportFormatField, reportPageShape } from './reports.js';

/**
 * Reports › Vaccinations due: the boosters still to give (decision 0266): a due date before
 * `dueBefore`, no later dose of the vaccine given to the pet since, the pet alive and not archived.
 * Overdue days are counted to today on the vaccination's location's calendar. Its JSON is paged
 * with `limit`/`offset` as the ageing's (decision 0281); `totals` and `rowCount` are of every row.
 */
export const VaccinationDueRow = z.object({
  vaccinationId: z.string(),
  vaccine: z.string(),
  givenOn: z.string(),
  dueOn: z.string(),
  /** days past due to today at the location; 0 when due today or later */
  overdueDays: z.number().int(),
  overdue: z.boolean(),
  patientId: z.string(),
  patientName: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  locationId: z.string(),
  locationName: z.string(),
});
export type VaccinationDueRow = z.infer<typeof VaccinationDueRow>;
export const VaccinationsDueQuery = z.object({
  locationId: idField().optional(),
  /** due before this day (not on it); without it, the due-soon window: due within VACCINATION_DUE_SOON_DAYS of each location's today */
  dueBefore: dateField().optional(),
  format: reportFormatField(),
  ...reportPageShape,
});
export type VaccinationsDueQuery = z.input<typeof VaccinationsDueQuery>;
const totalsShape = { vaccinations: z.number().int(), overdue: z.number().int(), patients: z.number().int() };
export const VaccinationsDueReport = z.object({
  /** as asked, or null for each location's due-soon window */
  dueBefore: z.string().nullable(),
  rows: z.array(VaccinationDueRow),
  /** how many boosters are due in all (the rows answered may be one page of them) */
  rowCount: z.number().int(),
  totals: z.object(totalsShape),
});
export type VaccinationsDueReport = z.infer<typeof VaccinationsDueReport>;
export const vaccinationsDueReport = operation({
  method: 'GET',
  path: '/api/reports/vaccinationsDue',
  access: reportAccess,
  tag: 'reports',
  summary: 'Boosters due before a day and overdue, per living patient, with the client’s contact (CSV or XLSX with format)',
  query: VaccinationsDueQuery,
  response: VaccinationsDueReport,
});
