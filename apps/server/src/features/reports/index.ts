// What other features use of reports: they import it from here, never from its files
// (test/feature-layers.test.ts). Nothing yet: reports sit on the top floor.
export type { ReportsService } from './reports.service.js';
