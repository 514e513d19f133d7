import type { Container } from '../container.js';
import type { Router } from '../platform/router.js';
import { accountsRoutes } from './accounts/accounts.routes.js';
import { automationsRoutes } from './automations/automations.routes.js';
import { addOnsRoutes } from './add-ons/add-ons.routes.js';
import { appointmentsRoutes } from './appointments/appointments.routes.js';
import { auditRoutes } from './audit/audit.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { googleSignInRoutes } from './auth/google-sign-in.routes.js';
import { cardPaymentsRoutes } from './card-payments/card-payments.routes.js';
import { chatRoutes } from './chat/chat.routes.js';
import { careRoutes } from './care/care.routes.js';
import { clientsRoutes } from './clients/clients.routes.js';
import { communicationsRoutes } from './communications/communications.routes.js';
import { contactsRoutes } from './contacts/contacts.routes.js';
import { documentsRoutes } from './documents/documents.routes.js';
import { formsRoutes } from './forms/forms.routes.js';
import { patientsRoutes } from './patients/patients.routes.js';
import { priceCalculatorRoutes } from './price-calculator/price-calculator.routes.js';
import { paymentsRoutes } from './payments/payments.routes.js';
import { healthRoutes } from './health/health.routes.js';
import { integrationsRoutes } from './integrations/integrations.routes.js';
import { invoicesRoutes } from './invoices/invoices.routes.js';
import { inventoryRoutes } from './inventory/inventory.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { profileRoutes } from './profile/profile.routes.js';
import { quickbooksRoutes } from './quickbooks/quickbooks.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { accountArchiveRoutes } from './account-archive/account-archive.routes.js';
import { rolesRoutes } from './roles/roles.routes.js';
import { scheduleRoutes } from './schedule/schedule.routes.js';
import { searchRoutes } from './search/search.routes.js';
import { servicesRoutes } from './services/services.routes.js';
import { tasksRoutes } from './tasks/tasks.routes.js';
import { subscriptionsRoutes } from './subscriptions/subscriptions.routes.js';
import { templatesRoutes } from './templates/templates.routes.js';
import { usersRoutes } from './users/users.routes.js';

/** Every feature's routes; a new feature adds its line here. */
export const features: ((r: Router, c: Container) => void)[] = [
  healthRoutes,
  authRoutes,
  googleSignInRoutes,
  profileRoutes,
  accountsRoutes,
  subscriptionsRoutes,
  locationsRoutes,
  integrationsRoutes,
  quickbooksRoutes,
  rolesRoutes,
  usersRoutes,
  auditRoutes,
  clientsRoutes,
  searchRoutes,
  patientsRoutes,
  careRoutes,
  contactsRoutes,
  documentsRoutes,
  servicesRoutes,
  scheduleRoutes,
  addOnsRoutes,
  appointmentsRoutes,
  communicationsRoutes,
  templatesRoutes,
  formsRoutes,
  priceCalculatorRoutes,
  invoicesRoutes,
  paymentsRoutes,
  cardPaymentsRoutes,
  inventoryRoutes,
  chatRoutes,
  tasksRoutes,
  automationsRoutes,
  reportsRoutes,
  analyticsRoutes,
  accountArchiveRoutes,
];
