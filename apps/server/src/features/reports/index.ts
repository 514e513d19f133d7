// What other features use of reports: they import it from here, never from its files
// (test/feature-layers.test.ts). Analytics charts the same figures through its repository.
export type { ReportsService } from './reports.service.js';
export { reportsRepository } from './reports.repository.js';
