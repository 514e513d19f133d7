// The outbox's delivery: the queue worker's source (outbox-worker.ts). It claims due messages, the
// product's own first (features/product-mail), then the locations', sends each through its
// provider with the message's id as the idempotency key, and settles it only while its claim holds.
import { backoff, type RetryPolicy } from '../../platform/queue-worker.js';
import { INTEGRATION_MESSAGES, SUPPRESSION_RULES } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import { sendgridProvider, sendSms, smtpProvider, type Attachment, type EmailProvider, type Outcome } from '../../platform/message-providers.js';
import type { OutboundGuard } from '../../platform/outbound-address.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Settlement } from '../../platform/outbox.repository.js';
import type { QueueJob as OutboxJob, QueueSource as OutboxSource } from '../../platform/queue-worker.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { readStored, type DocumentStorage } from '../../platform/document-storage.js';
import { documentsRepository } from '../documents/index.js';
import type { IntegrationCredentials } from '../integrations/index.js';
import { productMessagesRepository, type ProductMessageRow, type ProductMailer } from '../product-mail/index.js';
import { communicationsRepository, type OutboxRow } from './communications.repository.js';
import { emailIntegrationOf, type IntegrationSource } from './communications.service.js';
import { toE164 } from './phone.js';
import { statusCallbackUrl } from './twilio-webhooks.service.js';

/** Where the providers are: real ones in production, the fakes in tests (env: SENDGRID_API_URL, TWILIO_API_URL, PUBLIC_URL). */
export interface ProviderEndpoints {
  sendgridApiUrl: string;
  twilioApiUrl: string;
  /** the portal's own address, for the provider's callbacks (Twilio's delivery status) */
  publicUrl: string | undefined;
}

/** Why a message no worker could finish was given up. */
export const INTERRUPTED = 'Delivery was interrupted too many times';

export const DEFAULT_RETRY: RetryPolicy = { baseMs: 30_000, maxMs: 60 * 60_000, maxAttempts: 8, leaseMs: 2 * 60_000 };


/** Why an email whose attached document was deleted before it went out is not sent. */
export const ATTACHMENT_GONE = 'An attached document was deleted before the email was sent';

export class OutboxDelivery implements OutboxSource {
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
      /** tells a text's new state ('sms.changed') */
      events?: DomainEventBus | undefined;
    },
  ) {
    this.retry = { ...DEFAULT_RETRY, ...deps.retry };
  }

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
        this.job(row, batch, () => this.deliverOutbox(row, batch), (patch) => this.settleOutbox(row, patch)),
      ),
    ];
  }

  /**
   * A location's message settled while its claim holds; a text's new state is told ('sms.changed',
   * SMS chat's live topic) in the same transaction.
   */
  private async settleOutbox(row: OutboxRow, patch: Settlement): Promise<boolean> {
    const scope = { accountId: row.accountId };
    const events = this.deps.events;
    if (row.channel !== 'sms' || !events) return communicationsRepository.settle(this.db, scope, row.id, row.claimToken!, patch);
    return this.db.transaction(async (tx) => {
      const held = await communicationsRepository.settle(tx, scope, row.id, row.claimToken!, patch);
      if (held) await events.publish(tx, { accountId: row.accountId, userId: null }, 'sms.changed', { locationId: row.locationId, clientId: row.clientId, phone: row.toAddress, messageId: row.id });
      return held;
    });
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


  private async deliverEmail(scope: Scope, row: OutboxRow, batch: Batch): Promise<Outcome | Settlement> {
    const integration = await batch.integration(`email:${row.accountId}:${row.locationId}`, () => emailIntegrationOf(this.deps.integrations, scope, row.locationId));
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
