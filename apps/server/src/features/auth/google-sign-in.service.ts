// Security-critical: Google sign-in (OpenID Connect, authorization code with PKCE; docs/decisions/0090).
// Each practice signs its staff in through its own Google client, or the product's when it has none
// (0144): the start picks the client by the address the person typed, the state records it, and
// the callback signs in only a user of the practice that client serves, so no practice's Google
// project ever signs in, or sees, another practice's staff.
// The state handed to Google is random and single-use (only its SHA-256 is kept, for 10 minutes)
// and bound to the browser that started the sign-in: the state and the PKCE verifier ride in a
// short-lived cookie of that browser only, and a callback without them is refused (0141), so a
// callback address sent to someone else signs nobody in. The code is exchanged with the verifier, and the ID token is believed only when signed by a
// key of the issuer's JWKS, from the issuer, for the client the sign-in started with, unexpired, carrying the
// nonce sent, and naming an address Google has verified. Only then is the active user with that
// address handed back, for the route to sign in through AuthService.startSession like every other
// sign-in.
import { timingSafeEqual } from 'node:crypto';
import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client } from 'arctic';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { GOOGLE_CALLBACK_PATH, SIGN_IN_MESSAGES } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { Providers } from '../../platform/providers.js';
import { hashSecret, newSecret } from '../../platform/secrets.js';
import type { IntegrationCredentials, IntegrationsService } from '../integrations/index.js';
import { usersRepository, type UserRow } from '../users/index.js';
import { googleSignInRepository } from './google-sign-in.repository.js';

/** The product's own Google client (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET), for practices without their own. */
export interface GoogleClientSettings {
  clientId: string;
  clientSecret: string;
}

/**
 * The client a sign-in goes through: a practice's own (its account and google integration) or the
 * product's (both null).
 */
interface SignInClient {
  clientId: string;
  clientSecret: string;
  accountId: string | null;
  integrationId: string | null;
}

/** A practice's google integration as the client a sign-in goes through (its id and secret are complete). */
function practiceSignInClient(own: (IntegrationCredentials & { accountId: string }) | undefined): SignInClient | undefined {
  return own && { clientId: own.publicKey!, clientSecret: own.privateKey!, accountId: own.accountId, integrationId: own.id };
}

/** How long a person may take at Google before the sign-in they started is refused. */
export const GOOGLE_STATE_TTL_MS = 10 * 60_000;
/** The cookie that binds a sign-in to the browser that started it: `<state>.<PKCE verifier>`. */
export const GOOGLE_BINDING_COOKIE = 'willow-google-sign-in';
/** Sent back to the sign-in's own addresses only. */
export const GOOGLE_BINDING_PATH = '/api/auth/google';

/** The state and PKCE verifier a browser holds (both base64url, so '.' parts them); undefined when malformed. */
function parseBinding(cookie: string | undefined): { state: string; codeVerifier: string } | undefined {
  const m = cookie ? /^([A-Za-z0-9_-]{20,128})\.([A-Za-z0-9_-]{43,128})$/.exec(cookie) : null;
  return m ? { state: m[1]!, codeVerifier: m[2]! } : undefined;
}

const sameText = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** How long the issuer's discovery document is reused before it is read again. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;
/** Clocks of the portal and Google may differ a little. */
const CLOCK_TOLERANCE_S = 60;
/** Google names itself with and without the scheme in its ID tokens (its OpenID documentation). */
const GOOGLE_ISSUER = 'https://accounts.google.com';
const GOOGLE_BARE_ISSUER = 'accounts.google.com';
const SCOPES = ['openid', 'email', 'profile'];
/** Asymmetric signatures only: a symmetric one would be made with the client secret, which the portal itself knows. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Where to go after signing in: a path of this site only. Anything else (another site, a
 * scheme-relative `//host`, a backslash some browsers read as a slash, a control character they
 * strip, the sign-in page itself) is dropped for the portal's start page.
 */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (/[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  if (value.startsWith('/login') || value.startsWith('/logout')) return null;
  return value;
}

/** A sign-in that ends on the sign-in page with `message`; `reason` (free of secrets) is for the log. */
export class GoogleSignInRefused extends Error {
  constructor(
    message: string,
    readonly returnUrl: string | null = null,
    readonly reason: string | null = null,
  ) {
    super(message);
  }
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
};

/** What went wrong with the provider, in words safe to log (no code, token or secret). */
function reasonOf(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return 'the ID token has expired';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `the ID token's ${err.claim} claim is ${err.reason}`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'the ID token is not signed by the issuer';
  if (err instanceof joseErrors.JOSEError) return `the ID token was refused (${err.code})`;
  if (err instanceof GoogleSignInRefused) return err.reason ?? err.message;
  return err instanceof Error ? err.name : 'unknown failure';
}

export class GoogleSignInService {
  private discovery: { doc: Discovery; until: number } | undefined;
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  constructor(
    private readonly db: Db,
    private readonly integrations: IntegrationsService,
    private readonly providers: Providers,
    private readonly productClient: GoogleClientSettings | undefined = undefined,
  ) {}

  /**
   * Whether the sign-in page offers Google: the product's client is set, or some active practice
   * has a complete one of its own. The same answer for every address (no address is asked for).
   */
  async offered(): Promise<boolean> {
    return this.productClient !== undefined || (await this.integrations.anySignInClient('google'));
  }

  private product(): SignInClient | undefined {
    const p = this.productClient;
    return p && { clientId: p.clientId, clientSecret: p.clientSecret, accountId: null, integrationId: null };
  }

  /** A practice's own client (its earliest google integration), when complete. */
  private async practiceClient(accountId: string): Promise<SignInClient | undefined> {
    return practiceSignInClient(await this.integrations.signInClientOf(accountId, 'google'));
  }

  /**
   * The client for the address the person typed: that of the practice of the active user who has
   * it, when the practice has its own; otherwise (no address, an unknown one, a practice without
   * its own) the product's. Undefined when that is not set either.
   */
  private async clientFor(email: string | undefined): Promise<SignInClient | undefined> {
    const typed = email?.trim();
    const user = typed ? await usersRepository.findByEmail(this.db, typed) : undefined;
    const own = user?.isActive ? await this.practiceClient(user.accountId) : undefined;
    return own ?? this.product();
  }

  /** The client a sign-in under way recorded, if it is still there and complete. */
  private async recordedClient(accountId: string | null, integrationId: string | null): Promise<SignInClient | undefined> {
    if (accountId === null || integrationId === null) return this.product();
    return practiceSignInClient(await this.integrations.signInClientById(accountId, integrationId));
  }

  /**
   * Whether `client` may sign in a user of `accountId`: a practice's client its own staff only; the
   * product's client the staff of practices without a client of their own (a practice that set one
   * up chose it: its staff sign in through it alone).
   */
  private async serves(client: SignInClient, accountId: string): Promise<boolean> {
    if (client.accountId !== null) return client.accountId === accountId;
    return (await this.practiceClient(accountId)) === undefined;
  }

  private redirectUri(): string {
    return `${this.providers.appUrl}${GOOGLE_CALLBACK_PATH}`;
  }

  private oauthClient(client: SignInClient): OAuth2Client {
    return new OAuth2Client(client.clientId, client.clientSecret, this.redirectUri());
  }

  /** The issuer's endpoints and keys' address, from its discovery document (read again hourly). */
  private async discover(): Promise<Discovery> {
    if (this.discovery && this.discovery.until > Date.now()) return this.discovery.doc;
    const issuer = this.providers.googleIssuer;
    let doc: Partial<Discovery>;
    try {
      const res = await fetch(`${issuer}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!res.ok) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, null, `the discovery document answered ${res.status}`);
      doc = (await res.json()) as Partial<Discovery>;
    } catch (err) {
      if (err instanceof GoogleSignInRefused) throw err;
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, null, 'the discovery document could not be read');
    }
    // The document must name the issuer it was read from (OpenID Connect Discovery §4.3).
    if (doc.issuer?.replace(/\/+$/, '') !== issuer || !isHttpUrl(doc.authorization_endpoint) || !isHttpUrl(doc.token_endpoint) || !isHttpUrl(doc.jwks_uri)) {
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, null, 'the discovery document does not describe the configured issuer');
    }
    const found = doc as Discovery;
    this.discovery = { doc: found, until: Date.now() + DISCOVERY_TTL_MS };
    return found;
  }

  private keysOf(jwksUri: string) {
    let keys = this.keySets.get(jwksUri);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: PROVIDER_TIMEOUT_MS });
      this.keySets.set(jwksUri, keys);
    }
    return keys;
  }

  /**
   * Starts a sign-in: Google's address to send the browser to, with a new state, PKCE challenge
   * and nonce, and the binding the route sets as this browser's cookie (the state and the PKCE
   * verifier; the database keeps the state's hash, the nonce and the client, never the verifier).
   * The client is the one for the address the person typed (clientFor). Refused with
   * googleNotSetUp without a client.
   */
  async start(email: string | undefined, returnUrl: string | undefined): Promise<{ url: string; binding: string }> {
    const client = await this.clientFor(email);
    if (!client) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleNotSetUp);
    const discovery = await this.discover();
    const state = newSecret();
    const codeVerifier = generateCodeVerifier();
    const nonce = newSecret();
    await googleSignInRepository.start(this.db, {
      stateHash: hashSecret(state),
      nonce,
      integrationAccountId: client.accountId,
      integrationId: client.integrationId,
      returnUrl: safeReturnUrl(returnUrl),
      expiresAt: new Date(Date.now() + GOOGLE_STATE_TTL_MS),
    });
    const url = this.oauthClient(client).createAuthorizationURLWithPKCE(discovery.authorization_endpoint, state, CodeChallengeMethod.S256, codeVerifier, SCOPES);
    url.searchParams.set('nonce', nonce);
    url.searchParams.set('prompt', 'select_account');
    return { url: url.href, binding: `${state}.${codeVerifier}` };
  }

  /**
   * Google's redirect: checks that this browser started the sign-in (its binding cookie holds the
   * state of the callback), uses up the state, exchanges the code with the browser's PKCE
   * verifier, checks the ID token with the client the sign-in started with and answers the active
   * user with its address, to be signed in, if that client serves the user's practice.
   * Every refusal is a GoogleSignInRefused naming what the person is told. A callback in another
   * browser leaves the state as it was: it is not that browser's to spend.
   */
  async complete(
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined },
    bindingCookie: string | undefined,
  ): Promise<{ user: UserRow; returnUrl: string | null }> {
    if (!query.state) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleStateInvalid, null, 'no state');
    const binding = parseBinding(bindingCookie);
    if (!binding || !sameText(binding.state, query.state)) {
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleStateInvalid, null, 'the callback came to a browser that did not start this sign-in');
    }
    const started = await googleSignInRepository.take(this.db, hashSecret(query.state));
    if (!started) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleStateInvalid, null, 'unknown or expired state');
    const back = started.returnUrl;
    if (query.error) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleCancelled, back);
    if (!query.code) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, back, 'no code in the callback');
    const client = await this.recordedClient(started.integrationAccountId, started.integrationId);
    if (!client) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleNotSetUp, back, 'the client was removed during the sign-in');

    let claims: JWTPayload;
    try {
      const discovery = await this.discover();
      const idToken = await this.exchange(discovery.token_endpoint, client, query.code, binding.codeVerifier);
      const issuers = discovery.issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, GOOGLE_BARE_ISSUER] : [discovery.issuer];
      ({ payload: claims } = await jwtVerify(idToken, this.keysOf(discovery.jwks_uri), {
        issuer: issuers,
        audience: client.clientId,
        algorithms: ALGORITHMS,
        requiredClaims: ['exp', 'iat', 'sub', 'nonce'],
        clockTolerance: CLOCK_TOLERANCE_S,
      }));
    } catch (err) {
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, back, reasonOf(err));
    }
    if (claims.nonce !== started.nonce) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, back, 'the ID token carries another nonce');
    // A token for several audiences must have been issued to this client (OpenID Connect Core §3.1.3.7).
    if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== client.clientId) {
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, back, 'the ID token was issued to another client');
    }
    const email = typeof claims.email === 'string' ? claims.email.trim() : '';
    if (!email) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, back, 'the ID token names no email address');
    if (claims.email_verified !== true && claims.email_verified !== 'true') throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleUnverified, back);

    const user = await usersRepository.findByEmail(this.db, email);
    if (!user) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleNoUser, back);
    if (!user.isActive) throw new GoogleSignInRefused(SIGN_IN_MESSAGES.deactivated, back);
    // Another practice's client (or the product's, for a practice with its own) signs no one in:
    // refused as an address without a user.
    if (!(await this.serves(client, user.accountId))) {
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleNoUser, back, 'the address belongs to a practice this client does not serve');
    }
    return { user, returnUrl: back };
  }

  /**
   * The code and its PKCE verifier for the ID token, at the token endpoint, the client's id and
   * secret in the form (client_secret_post). Written out rather than through arctic's
   * validateAuthorizationCode: that one sets Content-Length by hand, which the HTTP client the
   * server's fetch runs on refuses once the analytics proxy has loaded its own ("invalid
   * content-length header"), and every exchange would fail.
   */
  private async exchange(tokenEndpoint: string, client: SignInClient, code: string, codeVerifier: string): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri(),
      code_verifier: codeVerifier,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    let res: Response;
    try {
      res = await fetch(tokenEndpoint, {
        method: 'POST',
        body: form,
        headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
    } catch {
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, null, 'the token endpoint could not be reached');
    }
    const data = (await res.json().catch(() => ({}))) as { error?: unknown; id_token?: unknown };
    if (!res.ok) {
      // Only the error code is logged: the description may echo what was sent.
      const said = typeof data.error === 'string' ? data.error.replace(/[^\w.-]/g, '').slice(0, 64) : `status ${res.status}`;
      throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, null, `the token endpoint refused the code: ${said}`);
    }
    if (typeof data.id_token !== 'string') throw new GoogleSignInRefused(SIGN_IN_MESSAGES.googleFailed, null, 'the token endpoint sent no ID token');
    return data.id_token;
  }

  /** Housekeeping: sign-ins started and never completed. */
  prune(now: Date): Promise<void> {
    return googleSignInRepository.prune(this.db, now);
  }
}
