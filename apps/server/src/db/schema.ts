// Every table of the product, for Drizzle and drizzle-kit. Each feature owns its *.table.ts, and
// platform/ the tables of what it keeps for every feature (the idempotency keys).
export * from '../features/accounts/accounts.table.js';
export * from '../features/locations/locations.table.js';
export * from '../features/users/users.table.js';
export * from '../features/roles/roles.table.js';
export * from '../features/auth/auth.table.js';
export * from '../features/audit/audit.table.js';
export * from '../features/clients/clients.table.js';
export * from '../features/patients/patients.table.js';
export * from '../features/care/care.table.js';
export * from '../features/contacts/contacts.table.js';
export * from '../features/documents/documents.table.js';
export * from '../features/services/services.table.js';
export * from '../features/schedule/schedule.table.js';
export * from '../features/add-ons/add-ons.table.js';
export * from '../features/appointments/appointments.table.js';
export * from '../features/communications/communications.table.js';
export * from '../features/integrations/integrations.table.js';
export * from '../features/quickbooks/quickbooks.table.js';
export * from '../features/templates/templates.table.js';
export * from '../features/forms/forms.table.js';
export * from '../features/invoices/invoices.table.js';
export * from '../features/payments/payments.table.js';
export * from '../features/card-payments/card-payments.table.js';
export * from '../features/price-calculator/price-calculator.table.js';
export * from '../platform/domain-events.table.js';
export * from '../platform/idempotency.table.js';
