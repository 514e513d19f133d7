import { describe, expect, it } from 'vitest';
import { deliveryOf, didNotArrive, displayPhone, listTime } from './chat-format';

const sent = { direction: 'outbound' as const, state: 'sent' as const, deliveryStatus: null, reason: null };

describe('what became of a sent text', () => {
  it('is the outbox’s state, made Delivered or Failed by Twilio’s word on delivery', () => {
    expect(deliveryOf({ ...sent, state: 'queued' })).toEqual({ label: 'Queued', reason: null, failed: false });
    expect(deliveryOf(sent)).toEqual({ label: 'Sent', reason: null, failed: false });
    expect(deliveryOf({ ...sent, deliveryStatus: 'delivered' })).toEqual({ label: 'Delivered', reason: null, failed: false });
    expect(deliveryOf({ ...sent, deliveryStatus: 'undelivered', reason: 'Not delivered (Twilio error 30003)' })).toEqual({
      label: 'Failed',
      reason: 'Not delivered (Twilio error 30003)',
      failed: true,
    });
  });

  it('gives the provider’s reason for a text that did not go', () => {
    expect(deliveryOf({ ...sent, state: 'failed', reason: 'Attempt to send to unsubscribed recipient' })).toEqual({
      label: 'Failed',
      reason: 'Attempt to send to unsubscribed recipient',
      failed: true,
    });
    expect(didNotArrive({ ...sent, state: 'notSent', reason: 'SMS is not set up for this location' })).toBe(true);
    expect(didNotArrive(sent)).toBe(false);
  });

  it('is nothing for a received text', () => {
    expect(deliveryOf({ direction: 'inbound', state: null, deliveryStatus: null, reason: null })).toBeNull();
  });
});

describe('the list’s words', () => {
  it('writes a North American number as people do, any other as Twilio does', () => {
    expect(displayPhone('+15305550142')).toBe('(530) 555-0142');
    expect(displayPhone('+442071838750')).toBe('+442071838750');
  });

  it('shows the time today, the day this year, the date before', () => {
    const now = new Date(2026, 10, 29, 15, 0);
    expect(listTime(new Date(2026, 10, 29, 9, 5).toISOString(), now)).toMatch(/9:05/);
    expect(listTime(new Date(2026, 10, 2, 9, 5).toISOString(), now)).toMatch(/Nov/);
    expect(listTime(new Date(2025, 10, 2, 9, 5).toISOString(), now)).toMatch(/2025/);
  });
});

describe('a conversation’s address', () => {
  it('names its location and its client or number, and nothing else is one', async () => {
    const { conversationPath, refOf } = await import('./chat.api');
    const loc = '11111111-1111-4111-8111-111111111111';
    const client = '22222222-2222-4222-8222-222222222222';
    expect(refOf(`${loc}:client:${client}`)).toEqual({ locationId: loc, clientId: client });
    expect(refOf(`${loc}:phone:+15305550142`)).toEqual({ locationId: loc, phone: '+15305550142' });
    expect(refOf('client:x')).toBeNull();
    expect(refOf('nonsense')).toBeNull();
    expect(conversationPath(`${loc}:phone:+15305550142`)).toBe(`/chat/${loc}%3Aphone%3A%2B15305550142`);
  });
});
