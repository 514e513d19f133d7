import { COMMUNICATION_MESSAGES, EMAIL_SERVICES, INTEGRATION_MESSAGES, type ClientChannels, type MessageChannel } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import { clientsRepository, type ClientRow } from '../clients/index.js';
import type { IntegrationCredentials, IntegrationsService } from '../integrations/index.js';
import { communicationsRepository, type OutboxRow } from './communications.repository.js';
import { toE164 } from './phone.js';

// What other features call to message a client (a booking's confirmation, an invoice, a form, a
// card payment request): whether a channel is ready, and `enqueue` in their own transaction. Staff
// writing from the portal: staff-messages.service.ts; Twilio's webhooks: twilio-webhooks.service.ts;
// the delivery: outbox-delivery.service.ts.

/** What messaging needs of the integrations feature: a location's decrypted credentials, and a place to record a provider's refusal. */
export type IntegrationSource = Pick<IntegrationsService, 'credentials' | 'recordCheck'>;

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

/** The location's email integration: SendGrid, or its SMTP server (EMAIL_SERVICES' order). */
export async function emailIntegrationOf(integrations: IntegrationSource | undefined, scope: Scope, locationId: string, ex?: Executor): Promise<IntegrationCredentials | undefined> {
  for (const service of EMAIL_SERVICES) {
    const found = await integrations?.credentials(scope, locationId, service, ex ? { ex } : {});
    if (found) return found;
  }
  return undefined;
}

export class CommunicationsService {
  constructor(
    private readonly db: Db,
    private readonly integrations?: IntegrationSource | undefined,
  ) {}

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

  /** Whether each channel can reach the client now, and why not. */
  async channels(auth: AuthContext, clientId: string): Promise<ClientChannels> {
    const client = await clientsRepository.findById(this.db, auth, clientId);
    if (!client) throw notFound();
    return this.channelsOf(auth, client);
  }

  async channelsOf(scope: Scope, client: ClientRow): Promise<ClientChannels> {
    const [email, sms, optOut] = await Promise.all([
      emailIntegrationOf(this.integrations, scope, client.locationId),
      this.integrations?.credentials(scope, client.locationId, 'twilio'),
      client.phone ? communicationsRepository.optOut(this.db, scope, client.locationId, toE164(client.phone)) : undefined,
    ]);
    const emailReason = !email ? INTEGRATION_MESSAGES.emailNotSetUp : !client.email ? COMMUNICATION_MESSAGES.noEmailAddress : null;
    const smsReason = !sms ? INTEGRATION_MESSAGES.smsNotSetUp : !client.phone ? COMMUNICATION_MESSAGES.noPhone : optOut ? COMMUNICATION_MESSAGES.optedOut : null;
    return {
      email: { ready: emailReason === null, reason: emailReason, to: client.email },
      sms: { ready: smsReason === null, reason: smsReason, to: client.phone },
    };
  }


  /** Whether the location can send texts (a Twilio integration); `ex`: read inside the caller's transaction. */
  async smsReady(scope: Scope, locationId: string, ex?: Executor): Promise<boolean> {
    return (await this.integrations?.credentials(scope, locationId, 'twilio', ex ? { ex } : {})) !== undefined;
  }

  /** Whether the location can send email (a SendGrid or SMTP integration); `ex`: read inside the caller's transaction. */
  async emailReady(scope: Scope, locationId: string, ex?: Executor): Promise<boolean> {
    return (await emailIntegrationOf(this.integrations, scope, locationId, ex)) !== undefined;
  }
}
