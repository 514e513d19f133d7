import {
  COMMUNICATION_MESSAGES,
  EMAIL_SERVICES,
  INTEGRATION_MESSAGES,
  smsConsentKeyword,
  SUPPRESSION_RULES,
  type ClientChannels,
  type Message,
  type MessageChannel,
} from '@willow/contracts';
import type { z } from 'zod';
import type { EmailInput, MessageListQuery, SmsInput } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, forbidden, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { clientsRepository, type ClientRow } from '../clients/clients.repository.js';
import { locationsRepository } from '../locations/locations.repository.js';
import type { IntegrationCredentials, IntegrationsService } from '../integrations/integrations.service.js';
import { usersRepository } from '../users/users.repository.js';
import { documentsRepository } from '../documents/documents.repository.js';
import { readStored, type DocumentStorage } from '../documents/document-storage.js';
import { communicationsRepository, type OutboxRow, type Settlement } from './communications.repository.js';
import { productMessagesRepository, type ProductMessageRow } from '../product-mail/product-mail.repository.js';
import type { QueueJob as OutboxJob, QueueSource as OutboxSource } from '../../platform/queue-worker.js';
import type { ProductMailer } from '../product-mail/product-mail.service.js';
import type { OutboundGuard } from '../../platform/outbound-address.js';
import { sendgridProvider, sendSms, smtpProvider, type Attachment, type EmailProvider, type Outcome } from '../../platform/message-providers.js';
import { phoneDigitsOf, toE164 } from './phone.js';

/** What delivery needs of the integrations feature: a location's decrypted credentials, and a place to record a provider's refusal. */
export type IntegrationSource = Pick<IntegrationsService, 'credentials' | 'recordCheck'>;

/** Where the providers are: real ones in production, the fakes in tests (env: SENDGRID_API_URL, TWILIO_API_URL, PUBLIC_URL). */
export interface ProviderEndpoints {
  sendgridApiUrl: string;
  twilioApiUrl: string;
  /** the portal's own address, for the provider's callbacks (Twilio's delivery status) */
  publicUrl: string | undefined;
}

export interface RetryPolicy {
  /** the first retry waits this long; each next one twice as long */
  baseMs: number;
  maxMs: number;
  /** after this many attempts a temporary failure is final */
  maxAttempts: number;
  /** how long a worker holds a claimed message before another may take it over */
  leaseMs: number;
}

/** Why a message no worker could finish was given up. */
export const INTERRUPTED = 'Delivery was interrupted too many times';

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 8, leaseMs: 2 * 60_000 };

/** The wait before attempt `attempts + 1`: exponential, capped, with a little jitter so retries spread out. */
export function backoff(policy: RetryPolicy, attempts: number, random = Math.random()): number {
  const plain = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.9 + 0.2 * random));
}

export interface NewMessage {
  locationId: string;
  clientId?: string | null;
  channel: MessageChannel;
  to: string;
  subject?: string | null;
  body: string;
  /** an email's HTML part, besides `body` as its plain text (an email made from a template) */
  html?: string | null;
  sentBy?: { id: string; name: string } | null;
  /** final at once (no provider for the channel): kept as not sent, with why */
  notSent?: string;
  /** the client's documents to attach to an email (checked by the caller; read when it is delivered) */
  attachmentDocumentIds?: string[];
}

/** Why an email whose attached document was deleted before it went out is not sent. */
export const ATTACHMENT_GONE = 'An attached document was deleted before the email was sent';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ListQuery = z.output<typeof MessageListQuery>;

export class CommunicationsService implements OutboxSource {
  private readonly retry: RetryPolicy;
  /**
   * Where the outbox tests stop a worker as if its process died: after the claim (before the send),
   * or after the provider accepted the message (before it is recorded).
   */
  pauses: { afterClaim?: (id: string) => Promise<void>; afterSend?: (id: string) => Promise<void> } = {};

  constructor(
    private readonly db: Db,
    private readonly deps: {
      integrations?: IntegrationSource | undefined;
      endpoints: ProviderEndpoints;
      productMail: ProductMailer;
      retry?: Partial<RetryPolicy> | undefined;
      /** where the documents attached to emails are read from */
      storage?: DocumentStorage | undefined;
      /** checks the SMTP hosts practices enter before the outbox connects to them (decision 0145) */
      outboundGuard: OutboundGuard;
    },
  ) {
    this.retry = { ...DEFAULT_RETRY, ...deps.retry };
  }

  /**
   * Queues a message in the caller's transaction (`ex`): it exists exactly when the change that
   * causes it commits, and the database's notice wakes the workers then.
   */
  async enqueue(ex: Executor, scope: Scope, m: NewMessage): Promise<OutboxRow> {
    return communicationsRepository.enqueue(ex, scope, {
      locationId: m.locationId,
      clientId: m.clientId ?? null,
      channel: m.channel,
      toAddress: m.to,
      subject: m.subject ?? null,
      body: m.body,
      bodyHtml: m.channel === 'email' ? (m.html ?? null) : null,
      sentById: m.sentBy?.id ?? null,
      sentByName: m.sentBy?.name ?? null,
      ...(m.attachmentDocumentIds?.length && { attachmentDocumentIds: m.attachmentDocumentIds }),
      ...(m.notSent && { state: 'notSent' as const, reason: m.notSent }),
    });
  }

  // --- staff: the log, a client's channels, sending ---------------------------------------------

  async list(auth: AuthContext, q: ListQuery): Promise<{ items: Message[]; total: number }> {
    const checks = [
      ...(q.locationId ? [locationsRepository.allExistSql(auth, [q.locationId])] : []),
      ...(q.clientId ? [clientsRepository.allExistSql(auth, [q.clientId])] : []),
    ];
    const { items, total, allowed } = await communicationsRepository.page(this.db, auth, {
      where: communicationsRepository.filters(q),
      limit: q.limit,
      offset: q.offset,
      require: checks.length ? communicationsRepository.all(checks) : undefined,
    });
    if (!allowed) throw notFound();
    return { items: items.map((r) => toMessage(r, r.clientName)), total };
  }

  async channels(auth: AuthContext, clientId: string): Promise<ClientChannels> {
    const client = await clientsRepository.findById(this.db, auth, clientId);
    if (!client) throw notFound();
    return this.channelsOf(auth, client);
  }

  private async channelsOf(scope: Scope, client: ClientRow): Promise<ClientChannels> {
    const [email, sms, optOut] = await Promise.all([
      this.emailIntegration(scope, client.locationId),
      this.deps.integrations?.credentials(scope, client.locationId, 'twilio'),
      client.phone ? communicationsRepository.optOut(this.db, scope, client.locationId, toE164(client.phone)) : undefined,
    ]);
    const emailReason = !email ? INTEGRATION_MESSAGES.emailNotSetUp : !client.email ? COMMUNICATION_MESSAGES.noEmailAddress : null;
    const smsReason = !sms ? INTEGRATION_MESSAGES.smsNotSetUp : !client.phone ? COMMUNICATION_MESSAGES.noPhone : optOut ? COMMUNICATION_MESSAGES.optedOut : null;
    return {
      email: { ready: emailReason === null, reason: emailReason, to: client.email },
      sms: { ready: smsReason === null, reason: smsReason, to: client.phone },
    };
  }

  /** Whether the location can send email (a SendGrid or SMTP integration). */
  async emailReady(scope: Scope, locationId: string): Promise<boolean> {
    return (await this.emailIntegration(scope, locationId)) !== undefined;
  }

  async sendEmail(auth: AuthContext, input: z.output<typeof EmailInput>): Promise<Message> {
    return this.sendToClient(auth, input.clientId, 'email', input.subject, input.body);
  }

  async sendSms(auth: AuthContext, input: z.output<typeof SmsInput>): Promise<Message> {
    return this.sendToClient(auth, input.clientId, 'sms', null, input.body);
  }

  /**
   * A message staff write to a client: queued for the workers, or kept at once as not sent when
   * the location has no provider for the channel (the composer says so before anyone types).
   */
  private async sendToClient(auth: AuthContext, clientId: string, channel: MessageChannel, subject: string | null, body: string): Promise<Message> {
    const client = await clientsRepository.findById(this.db, auth, clientId);
    if (!client) throw notFound();
    const ready = (await this.channelsOf(auth, client))[channel];
    const notProvided = ready.reason === INTEGRATION_MESSAGES.emailNotSetUp || ready.reason === INTEGRATION_MESSAGES.smsNotSetUp;
    const user = await usersRepository.findSignedIn(this.db, auth);
    const row = await this.enqueue(this.db, auth, {
      locationId: client.locationId,
      clientId: client.id,
      channel,
      to: (channel === 'email' ? client.email : client.phone && toE164(client.phone)) ?? '',
      subject,
      body,
      sentBy: user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null,
      ...(notProvided && { notSent: ready.reason! }),
    });
    return toMessage(row, `${client.firstName} ${client.lastName}`);
  }

  // --- Twilio's webhooks -------------------------------------------------------------------------

  /**
   * Security-critical: a delivery status from Twilio. The message and its location's auth token
   * come from the address Twilio was given; anything that does not check out (no such message, no
   * Twilio integration, a wrong signature) is refused alike (403), saying nothing of what exists.
   */
  async twilioStatus(q: { account: string; message: string }, form: Record<string, string>, signature: string | undefined, url: string): Promise<void> {
    const scope = { accountId: q.account };
    const message = await communicationsRepository.findById(this.db, scope, q.message);
    const integration = message && (await this.deps.integrations?.credentials(scope, message.locationId, 'twilio'));
    if (!message || !integration || !(await twilioSignatureValid(integration.privateKey ?? '', signature, url, form))) throw forbidden();
    const status = form.MessageStatus ?? form.SmsStatus;
    // Twilio's callbacks may arrive out of order: a later stage is never replaced by an earlier one.
    if (!status || statusRank(status) < statusRank(message.deliveryStatus)) return;
    const failed = status === 'failed' || status === 'undelivered';
    const failure = failed ? `Not delivered${form.ErrorCode ? ` (Twilio error ${form.ErrorCode})` : ''}` : null;
    await communicationsRepository.recordDeliveryStatus(this.db, scope, message.id, status, failure);
  }

  /**
   * Security-critical: a text a client sent to a location's number, believed only when signed
   * with that location's auth token. Stored once per MessageSid (SMS chat reads them), matched to
   * the location's client by phone; STOP and START (and Twilio's other keywords) are recorded.
   */
  async twilioInbound(q: { account: string; location: string }, form: Record<string, string>, signature: string | undefined, url: string): Promise<void> {
    const scope = { accountId: q.account };
    const integration = await this.deps.integrations?.credentials(scope, q.location, 'twilio');
    if (!integration || !(await twilioSignatureValid(integration.privateKey ?? '', signature, url, form))) throw forbidden();
    const from = form.From ?? '';
    const sid = form.MessageSid ?? form.SmsSid;
    if (!from || !sid) throw badRequest('From and MessageSid are required');
    const phone = toE164(from);
    const client = await clientsRepository.findByPhoneDigits(this.db, scope, q.location, phoneDigitsOf(phone));
    const consent = smsConsentKeyword(form.Body ?? '');
    await this.db.transaction(async (tx) => {
      const stored = await communicationsRepository.storeInbound(tx, scope, {
        locationId: q.location,
        clientId: client?.id ?? null,
        fromNumber: phone,
        toNumber: form.To ?? '',
        body: form.Body ?? '',
        providerMessageId: sid,
      });
      if (stored && consent) await communicationsRepository.recordConsent(tx, scope, { locationId: q.location, phone, clientId: client?.id ?? null, ...consent });
    });
  }

  // --- the outbox workers' side ------------------------------------------------------------------

  /** Claims due messages: the product's own first (sign-in codes are waited for), then the locations'. */
  async claim(limit: number): Promise<OutboxJob[]> {
    const now = new Date();
    const product = await this.db.transaction((tx) => productMessagesRepository.claim(tx, now, this.retry.leaseMs, limit));
    const rest = limit - product.length;
    const outbox = rest > 0 ? await this.db.transaction((tx) => communicationsRepository.claim(tx, now, this.retry.leaseMs, rest)) : [];
    const batch = new Batch(product.length + outbox.length);
    return [
      ...product.map((row) =>
        this.job(row, batch, () => this.deps.productMail.deliver(row), (patch) => productMessagesRepository.settle(this.db, row.id, row.claimToken!, patch)),
      ),
      ...outbox.map((row) =>
        this.job(row, batch, () => this.deliverOutbox(row, batch), (patch) =>
          communicationsRepository.settle(this.db, { accountId: row.accountId }, row.id, row.claimToken!, patch),
        ),
      ),
    ];
  }

  async nextDue(): Promise<Date | undefined> {
    const [a, b] = await Promise.all([productMessagesRepository.nextDue(this.db), communicationsRepository.nextDue(this.db)]);
    if (!a || !b) return a ?? b;
    return a < b ? a : b;
  }

  private job(row: OutboxRow | ProductMessageRow, batch: Batch, deliver: () => Promise<Outcome | Settlement>, settle: (patch: Settlement) => Promise<boolean>): OutboxJob {
    return {
      run: async () => {
        try {
          // Claimed again and again without a result (a process that dies while sending it): given up.
          if (row.attempts > this.retry.maxAttempts) {
            await settle({ state: 'failed', reason: row.reason ?? INTERRUPTED });
            return;
          }
          await this.pauses.afterClaim?.(row.id);
          const outcome = await deliver();
          await this.pauses.afterSend?.(row.id);
          await settle('kind' in outcome ? this.settlement(row, outcome) : outcome);
        } finally {
          batch.finished();
        }
      },
      // Handed back untried: due again at once, and this claim's attempt not counted.
      release: async () => {
        try {
          await settle({ state: 'queued', dueAt: new Date(), attempts: row.attempts - 1 });
        } finally {
          batch.finished();
        }
      },
    };
  }

  /** What an outcome makes of the message: final, or queued again after the backoff. */
  private settlement(row: { attempts: number }, outcome: Outcome): Settlement {
    switch (outcome.kind) {
      case 'sent':
        return { state: 'sent', providerMessageId: outcome.providerMessageId, sentAt: new Date(), reason: null };
      case 'suppressed':
        return { state: 'suppressed', reason: outcome.reason };
      case 'failed':
        return { state: 'failed', reason: outcome.reason };
      case 'credentialsRefused':
        return { state: 'failed', reason: INTEGRATION_MESSAGES.notSetUpCorrectly };
      case 'retry':
        if (row.attempts >= this.retry.maxAttempts) return { state: 'failed', reason: outcome.reason };
        return { state: 'queued', reason: outcome.reason, dueAt: new Date(Date.now() + backoff(this.retry, row.attempts)) };
    }
  }

  private async deliverOutbox(row: OutboxRow, batch: Batch): Promise<Outcome | Settlement> {
    const scope = { accountId: row.accountId };
    if (!row.toAddress) return { state: 'suppressed', reason: SUPPRESSION_RULES.noAddress };
    return row.channel === 'email' ? this.deliverEmail(scope, row, batch) : this.deliverSms(scope, row, batch);
  }

  /** The location's email integration: SendGrid, or its SMTP server (EMAIL_SERVICES' order). */
  private async emailIntegration(scope: Scope, locationId: string): Promise<IntegrationCredentials | undefined> {
    for (const service of EMAIL_SERVICES) {
      const found = await this.deps.integrations?.credentials(scope, locationId, service);
      if (found) return found;
    }
    return undefined;
  }

  private async deliverEmail(scope: Scope, row: OutboxRow, batch: Batch): Promise<Outcome | Settlement> {
    const integration = await batch.integration(`email:${row.accountId}:${row.locationId}`, () => this.emailIntegration(scope, row.locationId));
    if (!integration) return { state: 'notSent', reason: INTEGRATION_MESSAGES.emailNotSetUp };
    const attachments = await this.attachmentsOf(scope, row);
    if (!attachments) return { state: 'failed', reason: ATTACHMENT_GONE };
    const s = integration.settings;
    // One connection pool per SMTP server and claim: the batch's messages to it share connections.
    const provider = batch.provider(integration.id, () =>
      integration.service === 'sendgrid'
        ? sendgridProvider(integration.privateKey ?? '', this.deps.endpoints.sendgridApiUrl)
        : smtpProvider(
            {
              host: String(s.host),
              port: Number(s.port),
              security: (s.security as 'starttls' | 'tls' | 'none') ?? 'starttls',
              user: integration.publicKey,
              password: integration.privateKey,
            },
            { pool: true, guard: this.deps.outboundGuard },
          ),
    );
    const outcome = await provider.send({
      id: row.id,
      to: row.toAddress,
      from: { email: String(s.fromEmail), name: (s.fromName as string | null | undefined) ?? null },
      subject: row.subject ?? '',
      body: row.body,
      html: row.bodyHtml,
      ...(attachments.length > 0 && { attachments }),
    });
    await this.recordCheck(scope, integration.id, outcome);
    return { ...this.settlement(row, outcome), provider: integration.service as 'sendgrid' | 'smtp' };
  }

  /**
   * The documents an email carries, read from storage now (not when it was queued: the outbox
   * keeps ids, not files); undefined when one of them is gone.
   */
  private async attachmentsOf(scope: Scope, row: OutboxRow): Promise<Attachment[] | undefined> {
    const ids = row.attachmentDocumentIds ?? [];
    if (ids.length === 0) return [];
    const storage = this.deps.storage;
    if (!storage) return undefined;
    const documents = await documentsRepository.findByIds(this.db, scope, ids);
    if (documents.length !== new Set(ids).size) return undefined;
    const attachments: Attachment[] = [];
    for (const d of documents) {
      try {
        attachments.push({ filename: d.fileName, contentType: d.contentType, content: await readStored(storage, d.storageKey) });
      } catch {
        return undefined;
      }
    }
    return attachments;
  }

  private async deliverSms(scope: Scope, row: OutboxRow, batch: Batch): Promise<Outcome | Settlement> {
    const optOut = await communicationsRepository.optOut(this.db, scope, row.locationId, toE164(row.toAddress));
    if (optOut) return { state: 'suppressed', reason: SUPPRESSION_RULES.optedOut };
    const integration = await batch.integration(`sms:${row.accountId}:${row.locationId}`, () => this.deps.integrations?.credentials(scope, row.locationId, 'twilio'));
    if (!integration) return { state: 'notSent', reason: INTEGRATION_MESSAGES.smsNotSetUp };
    const publicUrl = this.deps.endpoints.publicUrl;
    const outcome = await sendSms(
      { accountSid: integration.publicKey ?? '', authToken: integration.privateKey ?? '', fromNumber: String(integration.settings.fromNumber) },
      this.deps.endpoints.twilioApiUrl,
      {
        id: row.id,
        to: row.toAddress,
        body: row.body,
        statusCallback: publicUrl ? statusCallbackUrl(publicUrl, row.accountId, row.id) : null,
      },
    );
    await this.recordCheck(scope, integration.id, outcome);
    return { ...this.settlement(row, outcome), provider: 'twilio' };
  }

  /** A provider refusing the credentials, or accepting them again, is the integration's check. */
  private async recordCheck(scope: Scope, integrationId: string, outcome: Outcome): Promise<void> {
    if (outcome.kind === 'credentialsRefused') {
      await this.deps.integrations?.recordCheck(scope, integrationId, { ok: false, message: INTEGRATION_MESSAGES.notSetUpCorrectly });
    }
  }
}

/**
 * What the messages of one claim share: each location's integration read (and its secrets opened)
 * once, each email provider connected once, and closed when the last of them is done. Held only
 * while the claim's messages are in hand.
 */
class Batch {
  private readonly integrations = new Map<string, Promise<IntegrationCredentials | undefined>>();
  private readonly providers = new Map<string, EmailProvider>();

  constructor(private left: number) {}

  integration(key: string, load: () => Promise<IntegrationCredentials | undefined> | undefined): Promise<IntegrationCredentials | undefined> {
    let found = this.integrations.get(key);
    if (!found) {
      found = Promise.resolve(load());
      this.integrations.set(key, found);
    }
    return found;
  }

  provider(key: string, make: () => EmailProvider): EmailProvider {
    let found = this.providers.get(key);
    if (!found) {
      found = make();
      this.providers.set(key, found);
    }
    return found;
  }

  finished(): void {
    if (--this.left > 0) return;
    for (const provider of this.providers.values()) provider.close?.();
  }
}

/** How far along Twilio's delivery statuses are: accepted, queued, sending < sent < delivered, undelivered, failed (final). */
function statusRank(status: string | null): number {
  if (!status) return -1;
  if (status === 'sent') return 1;
  if (['delivered', 'undelivered', 'failed', 'read'].includes(status)) return 2;
  return 0;
}

/** Where Twilio reports an SMS's delivery status; the account and message it names are checked by the request's signature. */
export function statusCallbackUrl(publicUrl: string, accountId: string, messageId: string): string {
  const url = new URL('/api/communications/twilio/status', publicUrl);
  url.searchParams.set('account', accountId);
  url.searchParams.set('message', messageId);
  return url.toString();
}

/**
 * Where a location's Twilio number forwards the texts clients send (set as the number's "A message
 * comes in" webhook in Twilio's console); signed by Twilio with the location's auth token.
 */
export function inboundWebhookUrl(publicUrl: string, accountId: string, locationId: string): string {
  const url = new URL('/api/communications/twilio/inbound', publicUrl);
  url.searchParams.set('account', accountId);
  url.searchParams.set('location', locationId);
  return url.toString();
}

export function toMessage(r: OutboxRow, clientName: string | null): Message {
  return {
    id: r.id,
    channel: r.channel,
    locationId: r.locationId,
    client: r.clientId ? { id: r.clientId, name: clientName ?? '' } : null,
    to: r.toAddress,
    subject: r.subject,
    body: r.body,
    state: r.state,
    reason: r.reason,
    provider: r.provider,
    providerMessageId: r.providerMessageId,
    deliveryStatus: r.deliveryStatus,
    attempts: r.attempts,
    sentBy: r.sentById ? { id: r.sentById, name: r.sentByName ?? '' } : null,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
  };
}

/**
 * Security-critical: Twilio's X-Twilio-Signature, the HMAC-SHA1 of the full address and the sorted
 * POST parameters keyed with the auth token, checked by Twilio's own SDK (loaded on first use: it
 * is large, and only webhooks need it).
 */
async function twilioSignatureValid(authToken: string, signature: string | undefined, url: string, params: Record<string, string>): Promise<boolean> {
  if (!signature || !authToken) return false;
  const { default: twilio } = await import('twilio');
  return twilio.validateRequest(authToken, signature, url, params);
}
