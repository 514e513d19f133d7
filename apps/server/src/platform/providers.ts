/**
 * Where the third-party providers are reached: their real addresses by default, each replaceable
 * through the environment so the tests and the browser tests talk to local fakes instead (and a
 * proxy or a provider's regional endpoint can be used). Also the portal's own public address,
 * which providers need for webhooks and sign-in callbacks.
 */
export interface Providers {
  sendgrid: string;
  stripe: string;
  twilio: string;
  /** QuickBooks Online accounting API (production companies) */
  quickbooksApi: string;
  /** the same for sandbox companies (an integration whose environment is sandbox) */
  quickbooksSandboxApi: string;
  /** Intuit's consent pages, where staff connect a company (/connect/oauth2) */
  quickbooksAuthorize: string;
  /** Intuit's token revocation endpoint's host (/v2/oauth2/tokens/revoke) */
  quickbooksRevoke: string;
  /** Intuit's OAuth 2 authorization server (token exchange, refresh, revoke) */
  quickbooksOauth: string;
  /** Google's OAuth 2 token endpoint host */
  googleOauth: string;
  /** Google's OpenID Connect issuer: its discovery document names the sign-in endpoints and keys */
  googleIssuer: string;
  /**
   * The portal's public address (https://portal.example.com), for the URLs handed to providers
   * (webhooks, OAuth callbacks). Undefined when not configured: features that need it say so.
   */
  publicUrl: string | undefined;
  /**
   * The portal's address in the links of its own emails (sign-in links, resets, invitations):
   * PUBLIC_URL, else http://localhost:PORT. Never the request's Host header, which a sender could
   * forge to have a victim's link point at their own site (docs/decisions/0087).
   */
  appUrl: string;
}

export const PROVIDER_DEFAULTS = {
  sendgrid: 'https://api.sendgrid.com',
  stripe: 'https://api.stripe.com',
  twilio: 'https://api.twilio.com',
  quickbooksApi: 'https://quickbooks.api.intuit.com',
  quickbooksSandboxApi: 'https://sandbox-quickbooks.api.intuit.com',
  quickbooksAuthorize: 'https://appcenter.intuit.com',
  quickbooksRevoke: 'https://developer.api.intuit.com',
  quickbooksOauth: 'https://oauth.platform.intuit.com',
  googleOauth: 'https://oauth2.googleapis.com',
  googleIssuer: 'https://accounts.google.com',
} as const satisfies Omit<Providers, 'publicUrl' | 'appUrl'>;

const ENV_NAMES = {
  sendgrid: 'SENDGRID_API_URL',
  stripe: 'STRIPE_API_URL',
  twilio: 'TWILIO_API_URL',
  quickbooksApi: 'QUICKBOOKS_API_URL',
  quickbooksSandboxApi: 'QUICKBOOKS_SANDBOX_API_URL',
  quickbooksAuthorize: 'QUICKBOOKS_AUTHORIZE_URL',
  quickbooksRevoke: 'QUICKBOOKS_REVOKE_URL',
  quickbooksOauth: 'QUICKBOOKS_OAUTH_URL',
  googleOauth: 'GOOGLE_OAUTH_URL',
  googleIssuer: 'GOOGLE_ISSUER_URL',
} as const satisfies Record<keyof typeof PROVIDER_DEFAULTS, string>;

/** An http(s) address without a trailing slash; anything else refuses to start, naming the variable. */
function baseUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) address, got ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http(s) address, got ${value}`);
  if (url.search || url.hash) throw new Error(`${name} must be an address without a query or fragment, got ${value}`);
  return url.href.replace(/\/+$/, '');
}

export function loadProviders(env: NodeJS.ProcessEnv, port = 3000): Providers {
  const urls = Object.fromEntries(
    (Object.keys(PROVIDER_DEFAULTS) as (keyof typeof PROVIDER_DEFAULTS)[]).map((k) => [k, baseUrl(ENV_NAMES[k], env[ENV_NAMES[k]] || PROVIDER_DEFAULTS[k])]),
  ) as Omit<Providers, 'publicUrl' | 'appUrl'>;
  const publicUrl = env.PUBLIC_URL ? baseUrl('PUBLIC_URL', env.PUBLIC_URL) : undefined;
  return { ...urls, publicUrl, appUrl: publicUrl ?? `http://localhost:${port}` };
}

/** The real providers, with no public address: what the app uses unless told otherwise. */
export const DEFAULT_PROVIDERS: Providers = { ...PROVIDER_DEFAULTS, publicUrl: undefined, appUrl: 'http://localhost:3000' };

/** `{host, port, protocol}` of a base URL, as SDKs configured by parts (Stripe) take it. */
export function hostPortProtocol(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** HTTP Basic credentials, as providers that take them (Twilio, Intuit, the partners) expect. */
export const basicAuthorization = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
