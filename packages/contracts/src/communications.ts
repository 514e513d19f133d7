import { z } from 'zod';
import { authenticated, operation, publicAccess } from './operation.js';
import { idField, instantField, messageField, page, PageQuery, wrapped } from './rules.js';

/**
 * What the practice sends its clients (email, SMS) and what clients text back. Every message goes
 * through the outbox: written with the change that causes it, delivered by the workers of every app
 * server, and kept with its final state (docs/decisions/0070).
 */
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];

/**
 * queued: waiting for a worker (or for its next attempt after a temporary failure); sending: a
 * worker holds it; sent: the provider accepted it (its id kept); failed: the provider refused it
 * for good or every attempt failed (its reason kept); suppressed: a rule stopped it (a client who
 * replied STOP, no address); notSent: the location has no provider for the channel.
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'suppressed', 'notSent'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];
export const MESSAGE_STATE_LABELS: Record<MessageState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  suppressed: 'Suppressed',
  notSent: 'Not sent',
};

export const MESSAGE_PROVIDERS = ['sendgrid', 'smtp', 'twilio'] as const;
export type MessageProvider = (typeof MESSAGE_PROVIDERS)[number];
export const MESSAGE_PROVIDER_LABELS: Record<MessageProvider, string> = { sendgrid: 'SendGrid', smtp: 'SMTP', twilio: 'Twilio' };

export const COMMUNICATION_MESSAGES = {
  emailSent: 'Email sent',
  smsSent: 'SMS sent',
  emailError: 'Error sending email',
  smsError: 'Error sending SMS',
  /** the product's own mail (sign-in codes, reset links, invitations) with neither SMTP_URL nor SENDGRID_API_KEY */
  productEmailNotSetUp: 'Email is not set up for this portal',
  noEmailAddress: 'This client has no email address',
  noPhone: 'This client has no phone number',
  optedOut: 'This client replied STOP and receives no text messages',
} as const;

/** Suppression rules: why a message was not handed to the provider. */
export const SUPPRESSION_RULES = {
  optedOut: 'The recipient replied STOP',
  noAddress: 'No address to send to',
} as const;

// --- SMS segments -------------------------------------------------------------------------------

/** The GSM 03.38 basic character set (one septet each). */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The GSM 03.38 extension table: each costs an escape and the character (two septets). */
const GSM_EXTENSION = '^{}\\[~]|€\f';

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2';
  /** the message's length in the encoding's units (septets or UTF-16 code units) */
  units: number;
  segments: number;
}

/**
 * How many SMS a text is sent as: GSM-7 when every character is in the GSM alphabet (160 septets
 * in one message, 153 per part of a longer one, an extension character costing two), UCS-2
 * otherwise (70 UTF-16 units in one, 67 per part). An empty text is no message.
 */
export function smsSegments(text: string): SmsSegments {
  let septets = 0;
  let gsm = true;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) septets += 1;
    else if (GSM_EXTENSION.includes(ch)) septets += 2;
    else {
      gsm = false;
      break;
    }
  }
  if (gsm) return { encoding: 'GSM-7', units: septets, segments: septets === 0 ? 0 : septets <= 160 ? 1 : Math.ceil(septets / 153) };
  const units = text.length;
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
}

// --- Messages ----------------------------------------------------------------------------------

export const Message = z.object({
  id: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  locationId: z.string(),
  client: z.object({ id: z.string(), name: z.string() }).nullable(),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  state: z.enum(MESSAGE_STATES),
  /** why it failed, was suppressed or not sent */
  reason: z.string().nullable(),
  provider: z.enum(MESSAGE_PROVIDERS).nullable(),
  providerMessageId: z.string().nullable(),
  /** the provider's latest word on delivery (an SMS's status callbacks: delivered, undelivered…) */
  deliveryStatus: z.string().nullable(),
  attempts: z.number().int(),
  sentBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type Message = z.infer<typeof Message>;

export const MessageListQuery = PageQuery.extend({
  locationId: idField().optional(),
  clientId: idField().optional(),
  channel: z.enum(MESSAGE_CHANNELS, 'must be email or sms').optional(),
  state: z.enum(MESSAGE_STATES, 'must be a message state').optional(),
  /** only messages written at or after this instant (an appointment's messages: since it was booked, decision 0195) */
  since: instantField().optional(),
});

export const listMessages = operation({
  method: 'GET',
  path: '/api/communications',
  access: authenticated,
  tag: 'communications',
  summary: 'What was sent to whom, when, through which provider, and its state (newest first)',
  query: MessageListQuery,
  response: page(Message),
});

const channelReadiness = z.object({
  /** a message can be handed to a provider now */
  ready: z.boolean(),
  /** why not: the location has no provider, the client has no address, the client replied STOP */
  reason: z.string().nullable(),
  to: z.string().nullable(),
});

export const ClientChannels = z.object({ email: channelReadiness, sms: channelReadiness });
export type ClientChannels = z.infer<typeof ClientChannels>;

export const getClientChannels = operation({
  method: 'GET',
  path: '/api/communications/channels',
  access: authenticated,
  tag: 'communications',
  summary: 'Whether the client can be emailed and texted from their location, and why not',
  query: z.object({ clientId: idField() }),
  response: ClientChannels,
});

const subjectField = () => z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters');
const bodyField = () => messageField().pipe(z.string().trim().min(1, 'is required'));

export const EmailInput = z.object({ clientId: idField(), subject: subjectField(), body: bodyField() });
export const SmsInput = z.object({ clientId: idField(), body: bodyField() });

export const sendClientEmail = operation({
  method: 'POST',
  path: '/api/communications/email',
  access: authenticated,
  tag: 'communications',
  summary: 'Email a client from their location (queued; kept as not sent when the location has no email provider)',
  body: wrapped(EmailInput),
  response: Message,
});

export const sendClientSms = operation({
  method: 'POST',
  path: '/api/communications/sms',
  access: authenticated,
  tag: 'communications',
  summary: 'Text a client from their location (queued; suppressed when they replied STOP)',
  body: wrapped(SmsInput),
  response: Message,
});

// --- Twilio's webhooks -------------------------------------------------------------------------

/**
 * Twilio's form fields (MessageSid, MessageStatus, From, To, Body…): read as they come, and
 * believed only once the request's X-Twilio-Signature checks out with the location's auth token.
 */
const TwilioForm = z.record(z.string(), z.string());

export const twilioStatusCallback = operation({
  method: 'POST',
  path: '/api/communications/twilio/status',
  access: publicAccess,
  tag: 'communications',
  summary: 'Twilio reports an SMS’s delivery status (signed with the location’s auth token; 403 otherwise)',
  query: z.object({ account: idField(), message: idField() }),
  body: TwilioForm,
  response: z.string(),
});

export const twilioInbound = operation({
  method: 'POST',
  path: '/api/communications/twilio/inbound',
  access: publicAccess,
  tag: 'communications',
  summary: 'A text a client sent to a location’s number, STOP and START included (signed by Twilio; 403 otherwise)',
  query: z.object({ account: idField(), location: idField() }),
  body: TwilioForm,
  response: z.string(),
});

/** Twilio's opt-out and opt-in keywords: a text that is one of them, in any case, changes consent. */
export const SMS_OPT_OUT_KEYWORDS = ['STOP', 'STOPALL', 'STOP ALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const SMS_OPT_IN_KEYWORDS = ['START', 'YES', 'UNSTOP'] as const;

/** STOP, START or neither: what a client's text says about their consent. */
export function smsConsentKeyword(body: string): { optedOut: boolean; keyword: string } | null {
  const word = body.trim().replace(/[.!]+$/, '').replace(/\s+/g, ' ').toUpperCase();
  if ((SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(word)) return { optedOut: true, keyword: word };
  if ((SMS_OPT_IN_KEYWORDS as readonly string[]).includes(word)) return { optedOut: false, keyword: word };
  return null;
}
