import { MESSAGE_STATE_LABELS } from '@willow/contracts';
import type { ChatMessage, MessageState } from '@willow/contracts';

/** A sent text's outcomes that mean it did not reach the client: the composer says 'Error sending SMS'. */
export const NOT_DELIVERED: readonly MessageState[] = ['failed', 'notSent', 'suppressed'];

/** Twilio's words for a text that did not arrive (its status callbacks). */
const UNDELIVERED = new Set(['undelivered', 'failed']);

export interface Delivery {
  /** Queued, Sending, Sent, Delivered, Failed, Suppressed, Not sent */
  label: string;
  /** the provider's reason, for a text that did not go or did not arrive */
  reason: string | null;
  failed: boolean;
}

/**
 * What became of a sent text, as its bubble says it: the outbox's state, made 'Delivered' or
 * 'Failed' by the provider's later word on delivery; null for a received text.
 */
export function deliveryOf(m: Pick<ChatMessage, 'direction' | 'state' | 'deliveryStatus' | 'reason'>): Delivery | null {
  if (m.direction !== 'outbound' || !m.state) return null;
  if (m.state === 'sent' && m.deliveryStatus === 'delivered') return { label: 'Delivered', reason: null, failed: false };
  if (m.state === 'sent' && m.deliveryStatus && UNDELIVERED.has(m.deliveryStatus))
    return { label: MESSAGE_STATE_LABELS.failed, reason: m.reason ?? 'Not delivered', failed: true };
  const failed = NOT_DELIVERED.includes(m.state);
  return { label: MESSAGE_STATE_LABELS[m.state], reason: failed ? m.reason : null, failed };
}

/** A sent text that will not reach the client after all (the outbox gave up, or Twilio could not deliver it). */
export const didNotArrive = (m: Pick<ChatMessage, 'direction' | 'state' | 'deliveryStatus' | 'reason'>): boolean => deliveryOf(m)?.failed ?? false;

/** A North American number as people write it; any other stays as Twilio wrote it (E.164). */
export function displayPhone(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `(${nanp[1]}) ${nanp[2]}-${nanp[3]}` : e164;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' });
const dayFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const yearFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const sameDay = (a: Date, b: Date) => a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** When a conversation last moved, as a list shows it: the time today, the day this year, else the date. */
export function listTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  if (sameDay(at, now)) return timeFormat.format(at);
  return at.getFullYear() === now.getFullYear() ? dayFormat.format(at) : yearFormat.format(at);
}

/** When a text was sent or received, under its bubble: the time, with the day when it was not today. */
export function bubbleTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return sameDay(at, now) ? timeFormat.format(at) : `${listTime(iso, now)}, ${timeFormat.format(at)}`;
}
