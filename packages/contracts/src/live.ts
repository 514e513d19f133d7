import { z } from 'zod';
import { authenticated, operation } from './operation.js';

/**
 * Live changes (ARCHITECTURE.md "Live changes", decision 0189): what the server tells a signed-in
 * page that changed in its account, so that every screen showing it refreshes without a reload.
 * A change names only a topic and a record's id; the page reads the record again through the API,
 * with its own permissions, so the channel itself reveals nothing but that something changed.
 */
export const LIVE_TOPICS = [
  /** an invoice or credit note (`id`): finalised, voided, paid, refunded, credited, credit moved onto it */
  'invoice',
  /** a payment or refund row (`id`): recorded or deleted */
  'payment',
  /** an estimate (`id`): a deposit paid on it or refunded */
  'estimate',
  /** a client's balance (`id`: the client): anything above that moves money of theirs */
  'clientBalance',
  /** an SMS conversation (`id`: its chat list key, chatConversationId: `<locationId>:client:<uuid>` or `<locationId>:phone:<E.164>`): a text received, a reply queued, a sent text's state or delivery status, read, linked */
  'chat',
  /** a task (`id`): created, changed, completed or reopened, deleted */
  'task',
  /** an automation's queue item (`id`): made by a firing, sent or failed or suppressed as it went, edited or skipped by staff, suppressed by its automation's delete or a pet's death */
  'automationQueue',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/** One change, as each `data:` line of the stream carries it (JSON). */
export const LiveChange = z.object({ topic: z.enum(LIVE_TOPICS), id: z.string() });
export type LiveChange = z.infer<typeof LiveChange>;

/**
 * The stream's named event when changes may have been missed (the server's connection to the
 * database dropped and came back): the page refreshes everything the topics cover.
 */
export const LIVE_RESYNC_EVENT = 'resync';

export const liveChanges = operation({
  method: 'GET',
  path: '/api/live',
  access: authenticated,
  tag: 'live',
  summary: 'The account’s live changes, as server-sent events (text/event-stream): one `data:` JSON LiveChange per change',
  response: z.unknown(),
});
