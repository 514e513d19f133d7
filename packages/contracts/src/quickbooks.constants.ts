// Plain values with no zod: the menu decides whether Business › Quickbooks shows from these on the
// first load, which must not bring the integrations' schemas with it (docs/decisions/0150).
import type { IntegrationService } from './integrations.js';

/** The services that make the account "have the accounting integration" (SPEC §2: the Business › Quickbooks entry). */
export const ACCOUNTING_SERVICES = ['quickbooks'] as const satisfies readonly IntegrationService[];
