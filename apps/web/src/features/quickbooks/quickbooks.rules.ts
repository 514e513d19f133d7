import { ACCOUNTING_SERVICES } from '@willow/contracts';
import type { LocationIntegration } from '@willow/contracts';

/**
 * SPEC §2/§6: Business › Quickbooks shows only when the account has the accounting integration,
 * i.e. one of its locations has an accounting service set up. The menu and the page share this.
 */
export function hasAccountingIntegration(integrations: readonly Pick<LocationIntegration, 'service'>[]): boolean {
  return integrations.some((i) => (ACCOUNTING_SERVICES as readonly string[]).includes(i.service));
}
