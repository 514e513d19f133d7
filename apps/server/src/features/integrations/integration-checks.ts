// Security-critical: these calls carry the integrations' secrets to their providers. Only what a
// provider says back leaves them, with every secret cut out (`withoutSecrets`); no error object
// that could hold a key (a request's headers, options) is thrown or logged from here.
import { GOOGLE_CALLBACK_PATH, INTEGRATION_CATALOGUE, INTEGRATION_MESSAGES, type IntegrationService } from '@willow/contracts';
import { openLocationSmtp } from '../../platform/location-smtp.js';
import { OutboundAddressRefused, type OutboundGuard } from '../../platform/outbound-address.js';
import { basicAuthorization, type Providers } from '../../platform/providers.js';
import { withoutSecrets } from './integration-errors.js';
import type { IntegrationCredentials } from './integrations.service.js';
import { isStripeAuthError, isStripeError, stripeClient } from './stripe-client.js';

/** What a check found: `ok`, what to tell staff, and whether it should be kept as the integration's last check. */
export interface CheckResult {
  ok: boolean;
  message: string;
  /** false when nothing could be asked (no address to call): the previous check stays */
  tested: boolean;
}

const CHECK_TIMEOUT_MS = 15_000;

/** What the checks need beyond the integration itself. */
export interface CheckContext {
  providers: Providers;
  /** checks the addresses a practice entered (a partner's API, a mail server) before they are reached */
  guard: OutboundGuard;
  /** the location's Stripe credentials, for the webhook's check */
  stripe?: IntegrationCredentials | undefined;
}

const accepted = (message: string): CheckResult => ({ ok: true, message, tested: true });
/** The provider refused the credentials: the product's message, then what the provider said. */
const refused = (providerSaid: string): CheckResult => ({ ok: false, message: `${INTEGRATION_MESSAGES.notSetUpCorrectly} ${providerSaid}`.trim(), tested: true });
const failed = (message: string): CheckResult => ({ ok: false, message, tested: true });

/** A request to a provider's HTTP API; a network failure becomes "could not reach", never the request itself. */
async function request(label: string, url: string, init: RequestInit): Promise<{ status: number; text: string } | { unreachable: string }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(CHECK_TIMEOUT_MS), redirect: 'manual' });
    return { status: res.status, text: await res.text() };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code ?? (err as Error).name;
    return { unreachable: `${label} could not be reached (${cause === 'TimeoutError' ? 'no answer in time' : cause}). Please try again later.` };
  }
}

/** A provider's error text from its JSON answer (the shapes differ), or the HTTP status. */
function providerMessage(text: string, status: number): string {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const errors = body.errors as { message?: string }[] | undefined;
    const found =
      (Array.isArray(errors) && errors.map((e) => e.message).filter(Boolean).join('; ')) ||
      (typeof body.error_description === 'string' && body.error_description) ||
      (typeof body.message === 'string' && body.message) ||
      (typeof body.error === 'string' && body.error) ||
      (typeof (body.error as { message?: unknown })?.message === 'string' && (body.error as { message: string }).message);
    if (found) return found;
  } catch {
    // not JSON: the status says enough
  }
  return `It answered ${status}.`;
}


async function checkSendgrid(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const res = await request('SendGrid', `${ctx.providers.sendgrid}/v3/scopes`, { headers: { authorization: `Bearer ${c.privateKey}` } });
  if ('unreachable' in res) return failed(res.unreachable);
  if (res.status === 200) {
    const scopes = (JSON.parse(res.text) as { scopes?: string[] }).scopes ?? [];
    if (!scopes.includes('mail.send')) return refused('The SendGrid API key cannot send mail (it lacks the mail.send permission).');
    return accepted('SendGrid accepted the API key.');
  }
  return refused(`SendGrid said: ${providerMessage(res.text, res.status)}`);
}

async function checkStripe(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const mode = (key: string | null) => (key?.includes('_live_') ? 'live' : key?.includes('_test_') ? 'test' : null);
  const [pk, sk] = [mode(c.publicKey), mode(c.privateKey)];
  if (pk && sk && pk !== sk) return failed(`${INTEGRATION_MESSAGES.notSetUpCorrectly} The publishable key is a ${pk} key and the secret key a ${sk} key.`);
  try {
    await (await stripeClient(c.privateKey!, ctx.providers.stripe)).balance.retrieve();
    return accepted('Stripe accepted the secret key.');
  } catch (err) {
    if (isStripeAuthError(err)) return refused(`Stripe said: ${err.message}`);
    if (isStripeError(err) && err.type === 'StripeConnectionError') return failed('Stripe could not be reached. Please try again later.');
    if (isStripeError(err)) return failed(`Stripe said: ${err.message}`);
    throw err;
  }
}

async function checkStripeWebhook(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  if (!ctx.stripe?.privateKey) return failed(`The webhook is checked with the location’s Stripe integration. ${INTEGRATION_MESSAGES.notSetUp}`);
  try {
    const endpoint = await (await stripeClient(ctx.stripe.privateKey, ctx.providers.stripe)).webhookEndpoints.retrieve(c.publicKey!);
    if (endpoint.status !== 'enabled') return failed(`Stripe has the webhook ${endpoint.status}. Register it again.`);
    return accepted(`Stripe sends payment events to ${endpoint.url}.`);
  } catch (err) {
    if (isStripeAuthError(err)) return refused(`Stripe said: ${err.message}`);
    if (isStripeError(err) && err.statusCode === 404) return failed('Stripe no longer has this webhook. Register it again.');
    if (isStripeError(err) && err.type === 'StripeConnectionError') return failed('Stripe could not be reached. Please try again later.');
    if (isStripeError(err)) return failed(`Stripe said: ${err.message}`);
    throw err;
  }
}

async function checkTwilio(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const sid = c.publicKey!;
  const res = await request('Twilio', `${ctx.providers.twilio}/2010-04-01/Accounts/${encodeURIComponent(sid)}.json`, {
    headers: { authorization: basicAuthorization(sid, c.privateKey!) },
  });
  if ('unreachable' in res) return failed(res.unreachable);
  if (res.status === 200) {
    const status = (JSON.parse(res.text) as { status?: string }).status;
    if (status && status !== 'active') return failed(`Twilio accepted the credentials, but the account is ${status}.`);
    return accepted('Twilio accepted the account SID and auth token.');
  }
  return refused(`Twilio said: ${providerMessage(res.text, res.status)}`);
}

async function checkSmtp(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const s = c.settings;
  const where = `${String(s.host)}:${String(s.port)}`;
  let transport;
  try {
    transport = await openLocationSmtp(
      {
        host: String(s.host),
        port: Number(s.port),
        security: (s.security as 'starttls' | 'tls' | 'none') ?? 'starttls',
        user: c.publicKey,
        password: c.privateKey,
      },
      ctx.guard,
      { timeouts: { connection: CHECK_TIMEOUT_MS, greeting: CHECK_TIMEOUT_MS, socket: CHECK_TIMEOUT_MS } },
    );
  } catch (err) {
    if (err instanceof OutboundAddressRefused) return failed(`The mail server could not be used: ${err.message}`);
    throw err;
  }
  try {
    await transport.verify();
    return accepted(`The mail server at ${where} accepted the connection${c.publicKey ? ' and the sign-in' : ''}.`);
  } catch (err) {
    const e = err as { code?: string; response?: string; message?: string };
    if (e.code === 'EAUTH') return refused(`The mail server said: ${e.response ?? e.message ?? 'authentication failed'}`);
    if (e.code === 'ENOAUTH' || /authentication/i.test(e.response ?? '')) return refused('The mail server requires a user name and password.');
    return failed(`The mail server at ${where} could not be used: ${e.response ?? e.message ?? e.code ?? 'no answer'}`);
  } finally {
    transport.close();
  }
}

/**
 * A partner's API address is whatever a practice typed: it is reached only through the outbound
 * guard (public addresses, the checked one connected to, no redirect followed), and what answers
 * is told by its status alone. The body is never read, let alone repeated to staff: a URL that
 * points at something else must not become a way to read it.
 */
async function checkPartner(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const apiUrl = typeof c.settings.apiUrl === 'string' && c.settings.apiUrl ? c.settings.apiUrl : null;
  if (!apiUrl) {
    return {
      ok: false,
      tested: false,
      message: 'This partner cannot be tested: its API address is not set. Add the address the partner gives for its API to test the connection.',
    };
  }
  let status: number;
  try {
    status = await ctx.guard.requestStatus(apiUrl, {
      headers: { authorization: basicAuthorization(c.publicKey!, c.privateKey!), accept: 'application/json' },
      timeoutMs: CHECK_TIMEOUT_MS,
    });
  } catch (err) {
    if (err instanceof OutboundAddressRefused) return failed(`The partner’s API address cannot be used: ${err.message}`);
    const name = (err as { name?: string }).name;
    const code = (err as { code?: string }).code;
    const why = name === 'TimeoutError' || name === 'AbortError' ? 'no answer in time' : (code ?? 'no connection');
    return failed(`The partner could not be reached (${why}). Please try again later.`);
  }
  if (status >= 200 && status < 300) return accepted('The partner accepted the user name and password.');
  if (status === 401 || status === 403) return refused(`The partner refused the user name and password (it answered ${status}).`);
  if (status >= 300 && status < 400) return failed(`The partner’s API address answered ${status}, a redirect, which is not followed. Enter the address the partner gives for its API.`);
  return failed(`The partner’s API address answered ${status}. Check the address.`);
}

/**
 * An OAuth 2 client's id and secret, checked at its token endpoint with a code or refresh token
 * that cannot be valid: `invalid_grant` means the client was authenticated (only the grant was
 * refused), `invalid_client` / 401 means the id or secret were refused.
 */
async function checkOauthClient(label: string, url: string, init: RequestInit, connectedHint: string): Promise<CheckResult> {
  const res = await request(label, url, init);
  if ('unreachable' in res) return failed(res.unreachable);
  let error: string | undefined;
  try {
    error = (JSON.parse(res.text) as { error?: string }).error;
  } catch {
    error = undefined;
  }
  if (error === 'invalid_grant') return accepted(`${label} accepted the client ID and secret.${connectedHint}`);
  if (error === 'invalid_client' || error === 'unauthorized_client' || res.status === 401) return refused(`${label} said: ${providerMessage(res.text, res.status)}`);
  return failed(`${label} answered unexpectedly: ${providerMessage(res.text, res.status)}`);
}

async function checkGoogle(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    code: 'willow-connection-test',
    client_id: c.publicKey!,
    client_secret: c.privateKey!,
    redirect_uri: `${ctx.providers.publicUrl ?? 'http://localhost'}${GOOGLE_CALLBACK_PATH}`,
  });
  return checkOauthClient('Google', `${ctx.providers.googleOauth}/token`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } }, '');
}

async function checkQuickbooks(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const body = new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'willow-connection-test' });
  return checkOauthClient(
    'QuickBooks',
    `${ctx.providers.quickbooksOauth}/oauth2/v1/tokens/bearer`,
    {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', authorization: basicAuthorization(c.publicKey!, c.privateKey!) },
    },
    c.secrets.refreshToken ? '' : ' The company is not connected yet.',
  );
}

const CHECKS: Record<IntegrationService, (c: IntegrationCredentials, ctx: CheckContext) => Promise<CheckResult>> = {
  memorialPartner1: checkPartner,
  memorialPartner2: checkPartner,
  memorialPartner3: checkPartner,
  quickbooks: checkQuickbooks,
  sendgrid: checkSendgrid,
  smtp: checkSmtp,
  twilio: checkTwilio,
  stripe: checkStripe,
  stripeWebhook: checkStripeWebhook,
  google: checkGoogle,
};

/**
 * Asks the integration's provider whether its credentials work, through the provider's own API.
 * Whatever comes back is free of the integration's secrets.
 */
export async function checkIntegration(c: IntegrationCredentials, ctx: CheckContext): Promise<CheckResult> {
  const info = INTEGRATION_CATALOGUE[c.service];
  if ((info.publicKey?.required && !c.publicKey) || (info.privateKey?.required && !c.privateKey)) {
    return failed(INTEGRATION_MESSAGES.notSetUp);
  }
  const secrets = [c.privateKey, ...Object.values(c.secrets), ...Object.values(ctx.stripe?.secrets ?? {}), ctx.stripe?.privateKey];
  const result = await CHECKS[c.service](c, ctx);
  return { ...result, message: withoutSecrets(result.message, secrets) };
}
