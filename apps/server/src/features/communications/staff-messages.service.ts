// Staff messaging a client from the portal (an email or an SMS written in the composer) and the
// log of every message a location sent. Queued through the enqueue API (communications.service.ts).
import { INTEGRATION_MESSAGES, withoutFormSecrets, type Message, type MessageChannel } from '@willow/contracts';
import type { z } from 'zod';
import type { EmailInput, MessageListQuery, SmsInput } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';
import { communicationsRepository, type OutboxRow } from './communications.repository.js';
import type { CommunicationsService } from './communications.service.js';
import { toE164 } from './phone.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ListQuery = z.output<typeof MessageListQuery>;

export class StaffMessagesService {
  constructor(
    private readonly db: Db,
    private readonly communications: CommunicationsService,
  ) {}

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
    const ready = (await this.communications.channelsOf(auth, client))[channel];
    const notProvided = ready.reason === INTEGRATION_MESSAGES.emailNotSetUp || ready.reason === INTEGRATION_MESSAGES.smsNotSetUp;
    const user = await usersRepository.findSignedIn(this.db, auth);
    const row = await this.communications.enqueue(this.db, auth, {
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
}

/**
 * A message as the log shows it: what went out, but a form link's single-use secret (which would
 * let anyone reading the log sign the family's form) cut out of its subject and text (0190).
 */
export function toMessage(r: OutboxRow, clientName: string | null): Message {
  return {
    id: r.id,
    channel: r.channel,
    locationId: r.locationId,
    client: r.clientId ? { id: r.clientId, name: clientName ?? '' } : null,
    to: r.toAddress,
    subject: r.subject === null ? null : withoutFormSecrets(r.subject),
    body: withoutFormSecrets(r.body),
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
