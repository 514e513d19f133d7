// Security-critical: Twilio's webhooks, public routes (the delivery status of the texts the outbox
// sent, and the texts clients send to a location's number), believed only when signed with the
// location's auth token (decision 0073).
import { smsConsentKeyword } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, forbidden } from '../../platform/errors.js';
import { clientsRepository } from '../clients/index.js';
import { communicationsRepository } from './communications.repository.js';
import type { IntegrationSource } from './communications.service.js';
import { phoneDigitsOf, toE164 } from './phone.js';

export class TwilioWebhooksService {
  constructor(
    private readonly db: Db,
    /** a text stored is told to the subscribers of 'message.received' */
    private readonly events: DomainEventBus,
    private readonly integrations?: IntegrationSource | undefined,
  ) {}

  /**
   * Security-critical: a delivery status from Twilio. The message and its location's auth token
   * come from the address Twilio was given; anything that does not check out (no such message, no
   * Twilio integration, a wrong signature) is refused alike (403), saying nothing of what exists.
   */
  async status(q: { account: string; message: string }, form: Record<string, string>, signature: string | undefined, url: string): Promise<void> {
    const scope = { accountId: q.account };
    const message = await communicationsRepository.findById(this.db, scope, q.message);
    const integration = message && (await this.integrations?.credentials(scope, message.locationId, 'twilio'));
    if (!message || !integration || !(await twilioSignatureValid(integration.privateKey ?? '', signature, url, form))) throw forbidden();
    const status = form.MessageStatus ?? form.SmsStatus;
    // Twilio's callbacks may arrive out of order: a later stage is never replaced by an earlier one.
    if (!status || statusRank(status) < statusRank(message.deliveryStatus)) return;
    const failed = status === 'failed' || status === 'undelivered';
    const failure = failed ? `Not delivered${form.ErrorCode ? ` (Twilio error ${form.ErrorCode})` : ''}` : null;
    await this.db.transaction(async (tx) => {
      await communicationsRepository.recordDeliveryStatus(tx, scope, message.id, status, failure);
      await this.events.publish(tx, { accountId: q.account, userId: null }, 'sms.changed', {
        locationId: message.locationId,
        clientId: message.clientId,
        phone: message.toAddress,
        messageId: message.id,
      });
    });
  }

  /**
   * Security-critical: a text a client sent to a location's number, believed only when signed
   * with that location's auth token. Stored once per MessageSid (SMS chat reads them), matched to
   * the location's client by phone; STOP and START (and Twilio's other keywords) are recorded; a
   * text stored is published ('message.received') in the same transaction.
   */
  async inbound(q: { account: string; location: string }, form: Record<string, string>, signature: string | undefined, url: string): Promise<void> {
    const scope = { accountId: q.account };
    const integration = await this.integrations?.credentials(scope, q.location, 'twilio');
    if (!integration || !(await twilioSignatureValid(integration.privateKey ?? '', signature, url, form))) throw forbidden();
    const from = form.From ?? '';
    const sid = form.MessageSid ?? form.SmsSid;
    if (!from || !sid) throw badRequest('From and MessageSid are required');
    const phone = toE164(from);
    const client = await clientsRepository.findByPhoneDigits(this.db, scope, q.location, phoneDigitsOf(phone));
    // A number staff linked to a client in SMS chat stays theirs, though it is not on their record.
    const linkedId = client ? undefined : await communicationsRepository.linkedClientOf(this.db, scope, q.location, phone);
    const consent = smsConsentKeyword(form.Body ?? '');
    await this.db.transaction(async (tx) => {
      const stored = await communicationsRepository.storeInbound(tx, scope, {
        locationId: q.location,
        clientId: client?.id ?? linkedId ?? null,
        fromNumber: phone,
        toNumber: form.To ?? '',
        body: form.Body ?? '',
        providerMessageId: sid,
      });
      if (!stored) return;
      if (consent) await communicationsRepository.recordConsent(tx, scope, { locationId: q.location, phone, clientId: stored.clientId, ...consent });
      await this.events.publish(tx, { accountId: q.account, userId: null }, 'message.received', {
        messageId: stored.id,
        channel: 'sms',
        locationId: stored.locationId,
        clientId: stored.clientId,
        from: stored.fromNumber,
        to: stored.toNumber,
        body: stored.body,
        consent,
        receivedAt: stored.receivedAt,
      });
    });
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
