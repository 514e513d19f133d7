import { isIP } from 'node:net';
import { resolve } from 'node:path';
import type { GoogleClientSettings } from './features/auth/google-sign-in.service.js';
import type { ProductMailSettings } from './features/product-mail/product-mail.service.js';
import { parseStorageUrl, type S3StorageSettings } from './platform/document-storage.js';
import { parseAllowedOrigins } from './platform/origin-check.js';
import { parseAllowedNetworks } from './platform/outbound-address.js';
import { loadProviders, type Providers } from './platform/providers.js';
import { parseEncryptionKey } from './platform/secret-box.js';
import { parseOutboundSettings, type OutboundSettings } from './features/client-config/client-config.settings.js';

/**
 * Which proxies in front of the app are believed about the client's address (X-Forwarded-For) and
 * the scheme (X-Forwarded-Proto): none (`false`), the last `n` hops (a number), or the peers whose
 * addresses are listed (addresses, CIDR ranges, or proxy-addr's names loopback, linklocal,
 * uniquelocal). Never "all": the left-most X-Forwarded-For is whatever the client wrote there.
 * docs/decisions/0048.
 */
export type TrustProxy = false | number | string[];

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  /** ENCRYPTION_KEY (checked here: a wrong one refuses to start); unset: generated into DATA_DIR */
  encryptionKey: string | undefined;
  /** the providers' base URLs and the portal's public address */
  providers: Providers;
  seedDemo: boolean;
  logLevel: string;
  /** serve the built web app from this folder when it exists */
  webDist: string;
  /** behind a reverse proxy: whose X-Forwarded-* headers to believe (client IP for the rate limits, HTTPS for Secure cookies) */
  trustProxy: TrustProxy;
  /** answer API requests with the number of SQL statements they ran (x-query-count) */
  countQueries: boolean;
  /** with countQueries, the file each API request appends its statements' texts to (QUERY_TEXTS; bench:hand-written) */
  queryTexts: string | undefined;
  /** app processes on the port (PostgreSQL server only; the embedded database is one process) */
  webConcurrency: number;
  /** origins besides the request's own host whose pages may write (decision 0053) */
  allowedOrigins: string[];
  /** the product's own mail: SMTP_URL or SENDGRID_API_KEY, from MAIL_FROM (decision 0071) */
  mail: ProductMailSettings;
  /** the help widget, the documentation link and analytics (HELP_WIDGET_*, HELP_CENTER_URL, ANALYTICS_*) */
  outbound: OutboundSettings;
  /** the non-public networks practice-entered addresses may reach anyway (OUTBOUND_ALLOWED_NETWORKS, decision 0145) */
  outboundAllowedNetworks: string[];
  /** the product's own Google sign-in client, for practices without their own (GOOGLE_CLIENT_ID + GOOGLE_CLIENT_SECRET, decision 0144) */
  googleClient: GoogleClientSettings | undefined;
  /** STORAGE_URL=s3://bucket/prefix: stored files in S3-compatible storage; unset: on disk under DATA_DIR (decision 0249) */
  storage: S3StorageSettings | undefined;
}

const FALSE = ['false', '0', 'no', 'off'];
const TRUE = ['true', 'yes', 'on'];

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !FALSE.includes(value.toLowerCase());
}

const PROXY_ADDR_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (PROXY_ADDR_NAMES.includes(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset or false — no proxy; true — one hop (the proxy right in front); a whole
 * number — that many hops; otherwise a comma-separated list of the proxies' addresses or ranges.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || FALSE.includes(text.toLowerCase())) return false;
  if (TRUE.includes(text.toLowerCase())) return 1;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY must be at most 10 hops, got ${text}`);
    return hops;
  }
  const entries = text.split(',').map((e) => e.trim()).filter(Boolean);
  const wrong = entries.filter((e) => !isAddressOrRange(e));
  if (entries.length === 0 || wrong.length > 0) {
    throw new Error(`TRUST_PROXY must be true, false, a number of hops or proxy addresses/CIDR ranges; not ${wrong.join(', ') || text}`);
  }
  return entries;
}

/** SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start); anything else refuses to start. */
export function parseMailSettings(env: NodeJS.ProcessEnv): ProductMailSettings {
  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl) {
    let url: URL;
    try {
      url = new URL(smtpUrl);
    } catch {
      throw new Error('SMTP_URL must be an address like smtp://user:password@mail.example.com:587');
    }
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
    if (!url.hostname) throw new Error('SMTP_URL must name the mail server, e.g. smtp://user:password@mail.example.com:587');
  }
  const sendgridApiKey = env.SENDGRID_API_KEY?.trim() || undefined;
  if (sendgridApiKey && !sendgridApiKey.startsWith('SG.')) throw new Error('SENDGRID_API_KEY must start with SG.');
  return { smtpUrl, sendgridApiKey, from: env.MAIL_FROM?.trim() || undefined };
}

/**
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: the product's Google sign-in client, both or neither;
 * one alone refuses to start (a half-set client would only fail at someone's sign-in).
 */
export function parseGoogleClient(env: NodeJS.ProcessEnv): GoogleClientSettings | undefined {
  const clientId = env.GOOGLE_CLIENT_ID?.trim() || undefined;
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim() || undefined;
  if (!clientId && !clientSecret) return undefined;
  if (!clientId) throw new Error('GOOGLE_CLIENT_SECRET is set without GOOGLE_CLIENT_ID: set both for Google sign-in, or neither');
  if (!clientSecret) throw new Error('GOOGLE_CLIENT_ID is set without GOOGLE_CLIENT_SECRET: set both for Google sign-in, or neither');
  return { clientId, clientSecret };
}

function processCount(value: string | undefined): number {
  if (value === undefined || value === '') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new Error(`WEB_CONCURRENCY must be a number of processes from 1 to 64, got ${value}`);
  return n;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    encryptionKey: env.ENCRYPTION_KEY ? (parseEncryptionKey(env.ENCRYPTION_KEY), env.ENCRYPTION_KEY) : undefined,
    providers: loadProviders(env, port),
    seedDemo: bool(env.SEED_DEMO, true),
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: resolve(env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    countQueries: bool(env.COUNT_QUERIES, false),
    queryTexts: env.QUERY_TEXTS || undefined,
    webConcurrency: processCount(env.WEB_CONCURRENCY),
    allowedOrigins: parseAllowedOrigins(env.ALLOWED_ORIGINS),
    mail: parseMailSettings(env),
    outbound: parseOutboundSettings(env),
    outboundAllowedNetworks: parseAllowedNetworks(env.OUTBOUND_ALLOWED_NETWORKS),
    googleClient: parseGoogleClient(env),
    storage: parseStorageUrl(env),
  };
}
