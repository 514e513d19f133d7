// Security-critical: a location's SMTP server is an address a practice typed. It is reached only
// through the outbound guard (decision 0145), by the outbox (communications) and by the
// integration's "Test connection" (integrations) alike, so both live below either feature.
import { isIP } from 'node:net';
import nodemailer, { type Transporter } from 'nodemailer';
import { preferredAddress, type OutboundGuard } from './outbound-address.js';

export interface SmtpSettings {
  host: string;
  port: number;
  /** tls: TLS from the first byte (465); starttls: upgrade required (587); none: plain (a trusted network only) */
  security: 'starttls' | 'tls' | 'none';
  user?: string | null;
  password?: string | null;
}

/**
 * A location's SMTP server: its host is an address a practice typed, so it is resolved and checked
 * by the outbound guard first, and the connection goes to the checked address (the host's name
 * still verifies its TLS certificate). Refused as a private address: OutboundAddressRefused.
 */
export async function openLocationSmtp(
  settings: SmtpSettings,
  guard: OutboundGuard,
  options: { pool?: boolean; timeouts?: { connection: number; greeting: number; socket: number } } = {},
): Promise<Transporter> {
  const checked = preferredAddress(await guard.resolve(settings.host));
  const timeouts = options.timeouts ?? { connection: 15_000, greeting: 15_000, socket: 30_000 };
  return nodemailer.createTransport({
    host: checked.address,
    port: settings.port,
    // the name the server's certificate is checked against (SNI too), as if connected by name
    ...(isIP(settings.host) === 0 && { tls: { servername: settings.host } }),
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    // A claim's messages to one server share up to 5 connections, each reused for many messages.
    ...(options.pool && { pool: true, maxConnections: 5, maxMessages: 1000 }),
    connectionTimeout: timeouts.connection,
    greetingTimeout: timeouts.greeting,
    socketTimeout: timeouts.socket,
  });
}
