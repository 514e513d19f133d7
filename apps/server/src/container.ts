import { GOOGLE_CALLBACK_PATH, QUICKBOOKS_CALLBACK_PATH } from '@willow/contracts';
import type { Db } from './db/client.js';
import { announceLiveChanges } from './platform/live-changes.js';
import { DomainEventBus } from './platform/domain-events.js';
import { Scheduler } from './platform/schedules.js';
import type { RetryPolicy } from './platform/queue-worker.js';
import type { OutboundGuard } from './platform/outbound-address.js';
import type { Providers } from './platform/providers.js';
import type { SecretBox } from './platform/secret-box.js';
import type { TokenSigner } from './platform/tokens.js';
import { AccountsService } from './features/accounts/accounts.service.js';
import { AddOnCategoriesService, AddOnsService } from './features/add-ons/add-ons.service.js';
import { AppointmentAddOnsService } from './features/appointments/appointment-add-ons.service.js';
import { PriceBandsService, PriceCalculatorService } from './features/price-calculator/price-calculator.service.js';
import { AppointmentReadsService } from './features/appointments/appointment-reads.service.js';
import { AppointmentStatusService } from './features/appointments/appointment-status.service.js';
import { AppointmentWritesService } from './features/appointments/appointment-writes.service.js';
import { bookingRepository } from './features/appointments/appointments.repository.js';
import { BookingService } from './features/appointments/booking.service.js';
import { AuditService } from './features/audit/audit.service.js';
import { ATTEMPT_LIMITS } from './features/auth/attempt-limits.js';
import { signInTokensRepository } from './features/auth/sign-in-tokens.repository.js';
import { LONGEST_RATE_WINDOW_MS } from './features/auth/rate-limits.js';
import { authRepository } from './features/auth/auth.repository.js';
import { AuthService, LOGIN_LIMITS } from './features/auth/auth.service.js';
import { InvitationsService } from './features/auth/invitations.service.js';
import { OnboardingService } from './features/auth/onboarding.service.js';
import { SignInFlowsService } from './features/auth/sign-in-flows.service.js';
import { UserSignInsService } from './features/auth/user-sign-ins.service.js';
import type { SessionCache } from './features/auth/session-cache.js';
import { GoogleSignInService, type GoogleClientSettings } from './features/auth/google-sign-in.service.js';
import { googleSignInRepository } from './features/auth/google-sign-in.repository.js';
import { CardPaymentTexts } from './features/card-payments/card-payment-texts.js';
import { CardPaymentsService } from './features/card-payments/card-payments.service.js';
import { prescriptionsService, vaccinationsService } from './features/care/care.service.js';
import { ClientsService } from './features/clients/clients.service.js';
import { CommunicationsService } from './features/communications/communications.service.js';
import { OutboxDelivery } from './features/communications/outbox-delivery.service.js';
import { StaffMessagesService } from './features/communications/staff-messages.service.js';
import { inboundWebhookUrl, TwilioWebhooksService } from './features/communications/twilio-webhooks.service.js';
import { ProductMailer, type ProductMailSettings } from './features/product-mail/product-mail.service.js';
import { ContactsService } from './features/contacts/contacts.service.js';
import type { DocumentStorage } from './platform/document-storage.js';
import { DocumentsService } from './features/documents/documents.service.js';
import { DocumentMailService } from './features/communications/document-mail.service.js';
import { DocumentGenerationService } from './features/templates/document-generation.service.js';
import { FormRequestsService } from './features/forms/form-requests.service.js';
import { FormSubmissionPdf } from './features/forms/form-submission-pdf.js';
import { FormSubmissionsService } from './features/forms/form-submissions.service.js';
import { SubmissionChoicesService } from './features/forms/submission-choices.service.js';
import { FormTemplatesService } from './features/forms/form-templates.service.js';
import { FormTexts } from './features/forms/form-merge-data.js';
import { healthRepository } from './features/health/health.repository.js';
import { EstimatesService } from './features/invoices/estimates.service.js';
import { InvoicePdfService } from './features/invoices/invoice-pdf.service.js';
import { InvoicesService } from './features/invoices/invoices.service.js';
import { MissedChargesService } from './features/invoices/missed-charges.service.js';
import { TaxCodesService } from './features/invoices/tax-codes.service.js';
import { IntegrationsService, type IntegrationAddresses } from './features/integrations/integrations.service.js';
import { integrationsRepository } from './features/integrations/integrations.repository.js';
import { StripeWebhooksService } from './features/integrations/stripe-webhooks.service.js';
import { QuickbooksService } from './features/quickbooks/quickbooks.service.js';
import { ClientImportService } from './features/patients/client-import.service.js';
import { clientListExtras } from './features/patients/patients.repository.js';
import { PatientsService } from './features/patients/patients.service.js';
import { paymentTypesService } from './features/payments/payment-types.service.js';
import { invoicePayments } from './features/payments/payments.repository.js';
import { PaymentsService } from './features/payments/payments.service.js';
import { Idempotency } from './platform/idempotency.js';
import { SearchService } from './features/search/search.service.js';
import { LocationsService } from './features/locations/locations.service.js';
import { LocationLogoService } from './features/locations/location-logo.service.js';
import { ProfileService } from './features/profile/profile.service.js';
import { NewAccountsService } from './features/subscriptions/new-accounts.service.js';
import { subscribeSubscriptionLimits } from './features/subscriptions/subscription-limits.js';
import { accountsUsage, SubscriptionsService } from './features/subscriptions/subscriptions.service.js';
import { RolesService } from './features/roles/roles.service.js';
import { roleHoldersRepository } from './features/users/role-holders.repository.js';
import { actorName, UsersService } from './features/users/users.service.js';
import { ScheduleService, scheduleNotesService } from './features/schedule/schedule.service.js';
import { AvailabilityService } from './features/services/availability.service.js';
import { ServiceCatalogService } from './features/services/services.service.js';
import { MergeContextService } from './features/templates/merge-context.service.js';
import { EmailRenderService } from './features/templates/email-render.service.js';
import { SmsRenderService } from './features/templates/sms-render.service.js';
import { ChatService } from './features/chat/chat.service.js';
import { TasksService } from './features/tasks/tasks.service.js';
import { InventoryLogService } from './features/inventory/inventory-log.service.js';
import { invoiceInventory, stockFollowsTheBooks } from './features/inventory/inventory-billing.subscriptions.js';
import { ItemsService } from './features/inventory/items.service.js';
import { StockService } from './features/inventory/stock.service.js';
import { AutomationDelivery, type InvoiceFacts } from './features/automations/automation-delivery.service.js';
import { AutomationClock } from './features/automations/automation-clock.service.js';
import { AutomationEventsService } from './features/automations/automation-events.service.js';
import { AutomationSender } from './features/automations/automation-sender.service.js';
import { automationServices } from './features/automations/automations.service.js';
import { queueItemServices } from './features/automations/queue-items.service.js';
import { ReportFilterSetsService } from './features/reports/report-filter-sets.service.js';
import { ReportsService } from './features/reports/reports.service.js';
import { AnalyticsService } from './features/analytics/analytics.service.js';
import { AccountArchiveService } from './features/account-archive/account-archive.service.js';
import { accountArchivesRepository } from './features/account-archive/account-archive.repository.js';
import { invoiceMergeFields } from './features/invoices/invoice-pdf.service.js';
import { HttpError } from './platform/errors.js';
import { TemplatePreviewService } from './features/templates/template-preview.service.js';
import { templateServices } from './features/templates/templates.service.js';

/**
 * The portal's addresses staff give a provider for its integration to work, shown with the
 * integration: where Twilio forwards a number's texts, the redirect URIs of the OAuth apps.
 * Without PUBLIC_URL there is no address to give.
 */
function integrationAddresses(publicUrl: string | undefined): IntegrationAddresses {
  if (!publicUrl) return {};
  return {
    twilio: (row) => [{ label: 'Incoming messages webhook (the number’s “A message comes in” address)', url: inboundWebhookUrl(publicUrl, row.accountId, row.locationId) }],
    quickbooks: () => [{ label: 'Redirect URI (in the Intuit app’s keys)', url: `${publicUrl}${QUICKBOOKS_CALLBACK_PATH}` }],
    google: () => [{ label: 'Authorised redirect URI (in the Google OAuth client)', url: `${publicUrl}${GOOGLE_CALLBACK_PATH}` }],
  };
}

/**
 * The app's container: every feature's service, built once per app from the database and the
 * token signer, and handed to the routes.
 */
export function createContainer(
  db: Db,
  signer: TokenSigner,
  opts: {
    secureCookies: boolean;
    storage: DocumentStorage;
    sessionCache?: SessionCache | undefined;
    /** the product's own mail setting (SMTP_URL or SENDGRID_API_KEY, MAIL_FROM) */
    mail?: ProductMailSettings | undefined;
    /** the product's Google sign-in client, for practices without their own (decision 0144) */
    googleClient?: GoogleClientSettings | undefined;
    /** the outbox's retries and lease (tests shorten them) */
    outboxRetry?: Partial<RetryPolicy> | undefined;
    /** seals the integrations' secrets */
    secretBox: SecretBox;
    /** the providers' base URLs and the portal's public address */
    providers: Providers;
    /** checks every address a practice enters before the server connects to it (decision 0145) */
    outboundGuard: OutboundGuard;
  },
) {
  // How features react to each other: built first, handed to every service that publishes or subscribes.
  const events = new DomainEventBus(db);
  // What the pages hear of the changes the events report (platform/live-changes.ts, decision 0189).
  announceLiveChanges(events);
  const audit = new AuditService(db, actorName);
  const integrations = new IntegrationsService(db, opts.secretBox, opts.providers, opts.outboundGuard, events, integrationAddresses(opts.providers.publicUrl));
  const productMail = new ProductMailer(opts.mail ?? {}, opts.providers.sendgrid);
  const communications = new CommunicationsService(db, integrations);
  // The outbox's worker source: the product's mail and the locations' messages (main.ts runs it).
  const outbox = new OutboxDelivery(db, {
    integrations,
    endpoints: { sendgridApiUrl: opts.providers.sendgrid, twilioApiUrl: opts.providers.twilio, publicUrl: opts.providers.publicUrl },
    productMail,
    retry: opts.outboxRetry,
    storage: opts.storage,
    outboundGuard: opts.outboundGuard,
    events,
  });
  // the account list's details are counted by subscriptions, above the users and locations they count
  const accounts = new AccountsService(db, accountsUsage);
  const newAccounts = new NewAccountsService(db, events);
  const locations = new LocationsService(db, events, integrationsRepository.checkedServicesOf);
  subscribeSubscriptionLimits(events);
  const idempotency = new Idempotency(db);
  const auth = new AuthService(db, signer, opts.secureCookies, opts.sessionCache);
  const mergeContext = new MergeContextService(db);
  // Subscribers are asked in the order they subscribe: the books and the signed forms first, as of
  // the refusals a delete may meet theirs say most (decision 0155).
  // The balances read payments: the payments feature offers what they read (decision 0174); the
  // lines read inventory items, and stock follows what is finalised and voided (decision 0223).
  const invoices = new InvoicesService(db, audit, events, invoicePayments, invoiceInventory);
  const missedCharges = new MissedChargesService(db, invoiceInventory.itemUse);
  const estimates = new EstimatesService(db, audit, events, invoicePayments, invoiceInventory.lineItems);
  stockFollowsTheBooks(events);
  const payments = new PaymentsService(db, audit, events);
  const formSubmissions = new FormSubmissionsService(db, audit, events);
  const documents = new DocumentsService(db, audit, opts.storage, events);
  const locationLogos = new LocationLogoService(db, opts.storage, locations);
  const signInFlows = new SignInFlowsService(db, signer, auth, productMail, opts.providers.appUrl);
  const invitations = new InvitationsService(db, { mail: productMail, appUrl: opts.providers.appUrl });
  const stripeWebhooks = new StripeWebhooksService(db, integrations, opts.providers, events);
  const invoicePdf = new InvoicePdfService(db, { invoices, documents, communications, mergeContext, logos: locationLogos });
  const formRequests = new FormRequestsService(db, {
    audit,
    communications,
    mergeData: new FormTexts(mergeContext),
    pdf: new FormSubmissionPdf(opts.storage, audit, locationLogos),
    appUrl: opts.providers.appUrl,
    estimates,
    events,
  });
  const tasks = new TasksService(db, audit, events);
  // What an automation's item needs of an invoice (invoices stand below automations, but their
  // reads need the payments the container hands them): still owed, and its merge fields.
  const invoiceFacts: InvoiceFacts = async (ex, scope, invoiceId) => {
    try {
      const invoice = await invoices.get(scope, invoiceId, ex);
      return { status: invoice.status, balance: invoice.balance, fields: invoiceMergeFields(invoice) };
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return undefined;
      throw err;
    }
  };
  // Render, check and deliver of an automation's items: the firing, the sender and staff's Send share it.
  const automationDelivery = new AutomationDelivery({ mergeContext, communications, tasks, invoices: invoiceFacts, events });
  return {
    db,
    events,
    auth,
    signInFlows,
    productMail,
    onboarding: new OnboardingService(db, auth, signInFlows, productMail, opts.providers.appUrl, newAccounts),
    audit,
    // The client list's patient counts are the patients feature's to offer (decision 0173).
    clients: new ClientsService(db, audit, events, clientListExtras),
    clientImport: new ClientImportService(db, audit),
    patients: new PatientsService(db, audit, events),
    prescriptions: prescriptionsService(db, audit, events),
    vaccinations: vaccinationsService(db, audit, events),
    contacts: new ContactsService(db, audit),
    paymentTypes: paymentTypesService(db, audit, events),
    payments,
    idempotency,
    documents,
    documentGeneration: new DocumentGenerationService(db, { documents, mergeContext, logos: locationLogos }),
    documentMail: new DocumentMailService(db, communications),
    search: new SearchService(db),
    profile: new ProfileService(db, productMail, opts.providers.appUrl),
    accounts,
    newAccounts,
    subscriptions: new SubscriptionsService(db),
    locations,
    locationLogos,
    integrations,
    stripeWebhooks,
    quickbooks: new QuickbooksService(db, integrations, opts.providers, events),
    googleSignIn: new GoogleSignInService(db, integrations, opts.providers, opts.googleClient),
    providers: opts.providers,
    invitations,
    users: new UsersService(db, invitations, new UserSignInsService(db), events),
    // who holds a role is the users feature's, above roles (decision 0172)
    roles: new RolesService(db, roleHoldersRepository),
    serviceCatalog: new ServiceCatalogService(db, audit, events),
    availability: new AvailabilityService(db),
    schedule: new ScheduleService(db, audit, events),
    scheduleNotes: scheduleNotesService(db, audit),
    addOnCategories: new AddOnCategoriesService(db, audit),
    addOns: new AddOnsService(db, audit, events),
    appointmentReads: new AppointmentReadsService(db),
    appointmentWrites: new AppointmentWritesService(db, audit, events),
    appointmentStatus: new AppointmentStatusService(db, audit, events),
    appointmentAddOns: new AppointmentAddOnsService(db, audit),
    priceBands: new PriceBandsService(db, audit),
    priceCalculator: new PriceCalculatorService(db),
    booking: new BookingService(db, signer, { communications, appUrl: opts.providers.appUrl }, events),
    communications,
    staffMessages: new StaffMessagesService(db, communications),
    twilioWebhooks: new TwilioWebhooksService(db, events, integrations),
    outbox,
    mergeContext,
    templatePreview: new TemplatePreviewService(mergeContext),
    ...templateServices(db, audit),
    formTemplates: new FormTemplatesService(db, audit),
    formSubmissions,
    submissionChoices: new SubmissionChoicesService(db, audit),
    formRequests,
    taxCodes: new TaxCodesService(db, audit),
    invoices,
    estimates,
    invoicePdf,
    // an email started from a template merges the invoice in view: invoices read it for templates (0194)
    emailRender: new EmailRenderService(db, mergeContext, (auth, id) => invoicePdf.mergeData(auth, id)),
    smsRender: new SmsRenderService(db, mergeContext),
    // two-way SMS chat: the outbox's and the webhook's texts as conversations (issue 31)
    chat: new ChatService(db, communications, events),
    missedCharges,
    cardPayments: new CardPaymentsService(db, {
      audit,
      integrations,
      communications,
      payments,
      texts: new CardPaymentTexts(mergeContext),
      providers: opts.providers,
      events,
    }),
    // inventory (issue 33): the catalogue, the log, stock at a location
    items: new ItemsService(db, audit, events),
    inventoryLog: new InventoryLogService(db, events),
    stock: new StockService(db),
    tasks,
    // automations (issue 32): the three kinds, their queues, and the due-item sender main.ts runs every minute
    ...automationServices(db, audit, automationDelivery),
    ...queueItemServices(db, audit, automationDelivery),
    automationDelivery,
    // What happens in the practice fires automations in its transaction; built after the features
    // whose subscribers must run first (a death's cancellations before the death's reaction).
    automationEvents: new AutomationEventsService(events, automationDelivery),
    /** the clock's automations: main.ts runs it every minute as the scheduled job 'automations.clock' */
    automationClock: new AutomationClock(db, automationDelivery),
    automationSender: new AutomationSender(db, automationDelivery),
    // reports (issue 36): read-only aggregates over the books and the calendar
    reports: new ReportsService(db, missedCharges),
    reportFilterSets: new ReportFilterSetsService(db),
    // analytics (issue 36): the dashboard's charts, the reports' figures among them
    analytics: new AnalyticsService(db),
    // the account archive (issue 36): its queue worked by main.ts's worker, its expiry a scheduled job
    accountArchive: new AccountArchiveService(db, {
      storage: opts.storage,
      mail: productMail,
      appUrl: opts.providers.appUrl,
      notice: accountArchivesRepository.notice,
    }),
    /** recurring jobs kept in the database: main.ts declares the housekeeping and runs its worker (decision 0207) */
    scheduler: new Scheduler(db),
    async ping() {
      await healthRepository.ping(db);
    },
    /**
     * Forgets what no rule reads any more: sign-in failures and counted attempts older than their
     * windows, expired sessions, used booking-form tokens past their expiry, and the product's own
     * mail (sign-in codes, reset links) a week after it was done with, and Google sign-ins started
     * and never completed. Idempotent; main.ts runs it as a scheduled job every 10 minutes, once
     * per occurrence whatever the number of app processes.
     */
    async housekeeping(now: Date = new Date()) {
      const longestAttemptWindow = Math.max(...Object.values(ATTEMPT_LIMITS).map((l) => l.windowMs));
      await authRepository.prune(db, {
        failures: new Date(now.getTime() - LOGIN_LIMITS.windowMs),
        attempts: new Date(now.getTime() - longestAttemptWindow),
        sessions: now,
      });
      await bookingRepository.pruneFormUses(db, now);
      await signInTokensRepository.prune(db, new Date(now.getTime() - 24 * 3_600_000));
      await authRepository.pruneRateEvents(db, new Date(now.getTime() - LONGEST_RATE_WINDOW_MS));
      await googleSignInRepository.prune(db, now);
      await productMail.prune(db, now);
      await idempotency.forgetOld(now);
      await events.prune(now);
    },
  };
}
export type Container = ReturnType<typeof createContainer>;
