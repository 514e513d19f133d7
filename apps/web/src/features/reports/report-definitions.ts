import type { ReportDefinition } from './report-definition';
import { appointmentsByStatusDefinition } from './definitions/appointments-by-status.report';
import { paymentsByTypeDefinition } from './definitions/payments-by-type.report';
import { receivablesAgeingDefinition } from './definitions/receivables-ageing.report';
import { revenueDefinition } from './definitions/revenue.report';

/** The reports on the Reports page, in the order of its choice; a new report is a line here. */
export const REPORTS: readonly ReportDefinition[] = [revenueDefinition, receivablesAgeingDefinition, paymentsByTypeDefinition, appointmentsByStatusDefinition];

export const reportById = (id: string | null): ReportDefinition => REPORTS.find((r) => r.id === id) ?? REPORTS[0]!;
