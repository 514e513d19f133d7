// Texts as the browser tests see them: what the fake Twilio was asked to send (through its HTTP log,
// texts-server.ts, whose URL the global setup provides), and a client's text arriving as Twilio
// delivers it, through the location's signed inbound webhook.
import { inject } from 'vitest';
import twilio from 'twilio';
import { baseUrl } from './browser.ts';
import { FAKE_KEYS } from './fake-providers.ts';
import type { Text } from './texts-server.ts';

export type { Text };

/** The texts sent to a number so far, oldest first. */
export async function textsTo(phone: string): Promise<Text[]> {
  const response = await fetch(`${inject('textsUrl')}/messages?to=${encodeURIComponent(phone)}`);
  if (!response.ok) throw new Error(`texts: ${response.status}`);
  return (await response.json()) as Text[];
}

let received = 0;

/**
 * A text from `from` to the location's number, posted as Twilio posts it: a form, signed with the
 * location's auth token over the full address and the sorted parameters (X-Twilio-Signature,
 * computed by Twilio's own library). The server believes nothing else.
 */
export async function textArrives(accountId: string, locationId: string, from: string, body: string, to = '+15005550006'): Promise<void> {
  const url = new URL('/api/communications/twilio/inbound', baseUrl());
  url.searchParams.set('account', accountId);
  url.searchParams.set('location', locationId);
  received += 1;
  const params = { MessageSid: `SM${Date.now().toString(16)}${received}e2e`, AccountSid: FAKE_KEYS.twilio.accountSid, From: from, To: to, Body: body, NumMedia: '0' };
  const signature = twilio.getExpectedTwilioSignature(FAKE_KEYS.twilio.authToken, url.toString(), params);
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
  if (!response.ok) throw new Error(`inbound text: HTTP ${response.status} ${await response.text()}`);
}
