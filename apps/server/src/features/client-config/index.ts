// What other features use of client-config: they import it from here, never from its files
// (test/feature-layers.test.ts). Add a name when a feature above needs it.
export type { AnalyticsSettings } from './client-config.settings.js';
