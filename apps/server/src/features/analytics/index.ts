// What other features use of analytics: they import it from here, never from its files
// (test/feature-layers.test.ts). Nothing yet: analytics sits on the top floor.
export type { AnalyticsService } from './analytics.service.js';
