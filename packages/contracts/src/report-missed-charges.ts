import { z } from 'zod';
import { MissedCharge } from './billing-reports.js';
import { operation } from './operation.js';
import { idField } from './rules.js';
import { checkReportRange, reportAccess, reportRangeShape } from './reports.js';

/**
 * Reports › Missed charges: the appointments past check-out whose performed services, add-ons and
 * administered items no invoice bills (the invoices' own rule, as the week's unbilled list), over a
 * range of days on each appointment's location's calendar (decision 0264).
 */
export const MissedChargesReportRow = z.object({
  appointmentId: z.string(),
  /** the appointment's start day on its location's calendar (YYYY-MM-DD) */
  date: z.string(),
  startAt: z.string(),
  status: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  /** the appointment's primary provider */
  providerId: z.string().nullable(),
  providerName: z.string().nullable(),
  clientId: z.string(),
  clientName: z.string().nullable(),
  patientName: z.string().nullable(),
  items: z.array(MissedCharge),
  /** cents of everything not billed (each charge rounded to the cent) */
  missing: z.number().int(),
});
export type MissedChargesReportRow = z.infer<typeof MissedChargesReportRow>;
export const MissedChargesReportQuery = z
  .object({
    ...reportRangeShape,
    /** the primary or the secondary provider */
    providerId: idField().optional(),
  })
  .superRefine(checkReportRange);
export type MissedChargesReportQuery = z.input<typeof MissedChargesReportQuery>;
export const MissedChargesReport = z.object({
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(MissedChargesReportRow),
  totals: z.object({ appointments: z.number().int(), charges: z.number().int(), missing: z.number().int() }),
});
export type MissedChargesReport = z.infer<typeof MissedChargesReport>;
export const missedChargesReport = operation({
  method: 'GET',
  path: '/api/reports/missedCharges',
  access: reportAccess,
  tag: 'reports',
  summary: 'Appointments past check-out with performed services, add-ons or items no invoice bills, by start day, with their value (CSV or XLSX with format)',
  query: MissedChargesReportQuery,
  response: MissedChargesReport,
});
