import { accountsFeature } from '../features/accounts';
import { accountArchiveFeature } from '../features/account-archive';
import { addOnsFeature } from '../features/add-ons';
import { analyticsFeature } from '../features/analytics';
import { productAnalyticsFeature } from '../features/product-analytics';
import { appointmentsFeature } from '../features/appointments';
import { auditFeature } from '../features/audit';
import { automationsFeature } from '../features/automations';
import { authFeature } from '../features/auth';
import { bookingFeature } from '../features/booking';
import { cardPaymentsFeature } from '../features/card-payments';
import { careFeature } from '../features/care';
import { chatFeature } from '../features/chat';
import { clientsFeature } from '../features/clients';
import { communicationsFeature } from '../features/communications';
import { contactsFeature } from '../features/contacts';
import { documentsFeature } from '../features/documents';
import { formsFeature } from '../features/forms';
import { helpFeature } from '../features/help';
import { legalFeature } from '../features/legal';
import { inventoryFeature } from '../features/inventory';
import { invoicesFeature } from '../features/invoices';
import { locationsFeature } from '../features/locations';
import { patientsFeature } from '../features/patients';
import { priceCalculatorFeature } from '../features/price-calculator';
import { paymentsFeature } from '../features/payments';
import { profileFeature } from '../features/profile';
import { quickbooksFeature } from '../features/quickbooks';
import { reportsFeature } from '../features/reports';
import { rolesFeature } from '../features/roles';
import { scheduleFeature } from '../features/schedule';
import { searchFeature } from '../features/search';
import { servicesFeature } from '../features/services';
import { subscriptionsFeature } from '../features/subscriptions';
import { tasksFeature } from '../features/tasks';
import { templatesFeature } from '../features/templates';
import { usersFeature } from '../features/users';
import type { FeatureModule } from './feature-registry';

/**
 * The features this build ships. A feature exists for the shell only once it is listed here:
 * its routes, menu entries, badges, client- and patient-page tabs, Account page sections and shell
 * extensions come with it.
 */
export const features: readonly FeatureModule[] = [
  authFeature,
  legalFeature,
  profileFeature,
  accountsFeature,
  locationsFeature,
  usersFeature,
  rolesFeature,
  subscriptionsFeature,
  searchFeature,
  clientsFeature,
  patientsFeature,
  careFeature,
  scheduleFeature,
  appointmentsFeature,
  contactsFeature,
  quickbooksFeature,
  tasksFeature,
  communicationsFeature,
  chatFeature,
  formsFeature,
  automationsFeature,
  cardPaymentsFeature,
  documentsFeature,
  auditFeature,
  servicesFeature,
  inventoryFeature,
  addOnsFeature,
  priceCalculatorFeature,
  templatesFeature,
  invoicesFeature,
  paymentsFeature,
  reportsFeature,
  analyticsFeature,
  accountArchiveFeature,
  bookingFeature,
  helpFeature,
  productAnalyticsFeature,
];
