// The demo's SMS chat at Riverside: a client asking to move an appointment (answered, then thanked:
// unread), a number no client has asking about home euthanasia (unread), and a client who replied
// STOP to a reminder. Honest rows only: the received texts are stored as the webhook stores them
// (with the seed's own ids, not Twilio's), and the practice's texts as the outbox keeps them at a
// location without Twilio: not sent, with why. Nothing pretends a delivery.
import { INTEGRATION_MESSAGES } from '@willow/contracts';
import type { Db } from '../db/client.js';
import type { ClientRow } from '../features/clients/clients.repository.js';
import { communicationsRepository } from '../features/communications/communications.repository.js';
import { toE164 } from '../features/communications/phone.js';
import type { Scope } from '../platform/tenant-repository.js';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

export async function seedDemoMessages(db: Db, scope: Scope, opts: { locationId: string; clients: ClientRow[]; staff: { id: string; name: string } }): Promise<void> {
  const [asking, stopping] = opts.clients.filter((c) => c.phone);
  if (!asking || !stopping) return;
  const locationNumber = '+15185550117';
  let n = 0;
  const received = (client: ClientRow | null, from: string, body: string, ago: number, read: boolean) =>
    communicationsRepository.storeInbound(db, scope, {
      locationId: opts.locationId,
      clientId: client?.id ?? null,
      fromNumber: from,
      toNumber: locationNumber,
      body,
      providerMessageId: `demo-seed-${++n}`,
      receivedAt: minutesAgo(ago),
      ...(read && { readAt: minutesAgo(ago - 2), readById: opts.staff.id }),
    });
  const sent = (client: ClientRow, body: string, ago: number) =>
    communicationsRepository.enqueue(db, scope, {
      locationId: opts.locationId,
      clientId: client.id,
      channel: 'sms',
      toAddress: toE164(client.phone!),
      body,
      state: 'notSent',
      reason: INTEGRATION_MESSAGES.smsNotSetUp,
      sentById: opts.staff.id,
      sentByName: opts.staff.name,
      dueAt: minutesAgo(ago),
      createdAt: minutesAgo(ago),
    });

  await received(asking, toE164(asking.phone!), 'Hi, could we move our appointment to Thursday morning?', 95, true);
  await sent(asking, `Hi ${asking.firstName}, Thursday at 10:00 is free. Shall we book it?`, 90);
  await received(asking, toE164(asking.phone!), 'Perfect, thank you!', 12, false);

  await received(null, '+15185550199', 'Hello, do you do home euthanasia visits? Our dog is 15 and struggling.', 40, false);

  await sent(stopping, `Hi ${stopping.firstName}, a reminder from Riverside: a vaccination is due next week.`, 3 * 24 * 60);
  const stop = await received(stopping, toE164(stopping.phone!), 'STOP', 3 * 24 * 60 - 30, true);
  await communicationsRepository.recordConsent(db, scope, { locationId: opts.locationId, phone: stop!.fromNumber, clientId: stopping.id, optedOut: true, keyword: 'STOP' });
}
