import type { ReportDefinition } from './report-definition';
import { appointmentsByStatusDefinition } from './definitions/appointments-by-status.report';
import { controlledDrugLedgerDefinition } from './definitions/controlled-drug-ledger.report';
import { endOfLifeDefinition } from './definitions/end-of-life.report';
import { expiringStockDefinition } from './definitions/expiring-stock.report';
import { missedChargesDefinition } from './definitions/missed-charges.report';
import { paymentsByTypeDefinition } from './definitions/payments-by-type.report';
import { receivablesAgeingDefinition } from './definitions/receivables-ageing.report';
import { revenueDefinition } from './definitions/revenue.report';
import { stockValuationDefinition } from './definitions/stock-valuation.report';
import { vaccinationsDueDefinition } from './definitions/vaccinations-due.report';

/** The reports on the Reports page, in the order of its choice; a new report is a line here. */
export const REPORTS: readonly ReportDefinition[] = [
  revenueDefinition,
  receivablesAgeingDefinition,
  paymentsByTypeDefinition,
  missedChargesDefinition,
  appointmentsByStatusDefinition,
  endOfLifeDefinition,
  vaccinationsDueDefinition,
  stockValuationDefinition,
  expiringStockDefinition,
  controlledDrugLedgerDefinition,
];

export const reportById = (id: string | null): ReportDefinition => REPORTS.find((r) => r.id === id) ?? REPORTS[0]!;
