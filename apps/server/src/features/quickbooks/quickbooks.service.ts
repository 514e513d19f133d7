// Security-critical: connecting a location to a QuickBooks company (OAuth 2 with Intuit) and keeping
// its tokens. The `state` handed to Intuit is random, single-use, short-lived and bound to the user,
// account and integration (kept hashed in PostgreSQL); the tokens are sealed on the integration; a
// refresh happens with the integration row locked, so no two app servers spend one refresh token.
import { createHash, randomBytes } from 'node:crypto';
import {
  INTEGRATION_MESSAGES,
  QUICKBOOKS_CALLBACK_PATH,
  QUICKBOOKS_MESSAGES,
  type Integration,
  type OpQuery,
  type QuickbooksConnection,
  type quickbooksCallback,
} from '@willow/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict, HttpError } from '../../platform/errors.js';
import type { Providers } from '../../platform/providers.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import {
  integrationNotSetUp,
  integrationRefused,
  withoutSecrets,
  type IntegrationCredentials,
  type IntegrationsService,
  integrationsRepository,
} from '../integrations/index.js';
import { locationsRepository, assertLocationVisible } from '../locations/index.js';
import { QuickbooksClient, QuickbooksError, type QuickbooksApp, type QuickbooksTokens } from './quickbooks-client.js';
import { quickbooksStatesRepository } from './quickbooks.repository.js';

/** How long a started connection may take at Intuit before its state is refused. */
export const STATE_TTL_MS = 10 * 60_000;
/** An access token this close to its end is refreshed first (a call made with it must not outlive it). */
export const EARLY_REFRESH_MS = 2 * 60_000;

/** The company's tokens, as the integration's provider-issued secrets. */
const TOKEN_SECRETS = ['accessToken', 'refreshToken', 'accessTokenExpiresAt', 'refreshTokenExpiresAt'] as const;
const FORGET_TOKENS = Object.fromEntries(TOKEN_SECRETS.map((name) => [name, ''])) as Record<string, string>;

const hashOf = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');
const appOf = (c: IntegrationCredentials): QuickbooksApp => ({ clientId: c.publicKey!, clientSecret: c.privateKey! });
const environmentOf = (settings: Integration['settings']) => (settings.environment === 'sandbox' ? 'sandbox' : 'production');
const secretsOf = (t: QuickbooksTokens): Record<string, string> => ({
  accessToken: t.accessToken,
  refreshToken: t.refreshToken,
  accessTokenExpiresAt: t.accessTokenExpiresAt.toISOString(),
  refreshTokenExpiresAt: t.refreshTokenExpiresAt?.toISOString() ?? '',
});
/** Intuit's company ids are numbers; anything else is not put into an address. */
const REALM_ID = /^\d{1,32}$/;

/** A valid access token for a location's company, and where to use it. */
export interface QuickbooksAccess {
  integrationId: string;
  accessToken: string;
  realmId: string;
  environment: 'production' | 'sandbox';
}

type Outcome =
  | { kind: 'ok'; access: QuickbooksAccess }
  | { kind: 'notSetUp' }
  | { kind: 'notConnected' }
  /** Intuit refused the refresh token for good: the tokens are forgotten, staff connect again */
  | { kind: 'reconnect'; integrationId: string; said: string }
  /** Intuit refused the client id or secret */
  | { kind: 'refused'; integrationId: string; said: string }
  | { kind: 'unreachable'; said: string };

export class QuickbooksService {
  readonly client: QuickbooksClient;

  constructor(
    private readonly db: Db,
    private readonly integrations: IntegrationsService,
    private readonly providers: Providers,
    events: DomainEventBus,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.client = new QuickbooksClient(providers);
    // Removing the integration ends the connection at Intuit too, as disconnecting does.
    events.on('integration.removing', 'quickbooks', async (ex, scope, row) => {
      if (row.service !== 'quickbooks') return;
      const c = await integrations.credentials(scope, row.locationId, 'quickbooks', { ex, lock: 'update' });
      if (c) await this.revokeAtIntuit(c, row.log);
    });
  }

  /** Where Intuit sends the browser back: the address entered as the Intuit app's redirect URI. */
  private redirectUri(): string {
    if (!this.providers.publicUrl) throw conflict(QUICKBOOKS_MESSAGES.noPublicUrl);
    return `${this.providers.publicUrl}${QUICKBOOKS_CALLBACK_PATH}`;
  }

  /** Starts connecting a location's company: Intuit's consent address, with a state only this user can complete. */
  async connect(auth: AuthContext, locationId: string): Promise<{ url: string }> {
    await assertLocationVisible(this.db, auth, locationId);
    const credentials = await this.integrations.require(auth, locationId, 'quickbooks');
    const redirectUri = this.redirectUri();
    const state = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.db.transaction((tx) =>
      quickbooksStatesRepository.start(
        tx,
        auth,
        { integrationId: credentials.id, userId: auth.userId, stateHash: hashOf(state), expiresAt: new Date(now.getTime() + STATE_TTL_MS) },
        now,
      ),
    );
    return { url: this.client.authorizeUrl(appOf(credentials), redirectUri, state) };
  }

  /**
   * Intuit's redirect: spends the state (this user's, unexpired, once), exchanges the code for the
   * company's tokens and keeps them sealed, with the company's id and name. Answers the location.
   */
  async complete(auth: AuthContext, query: OpQuery<typeof quickbooksCallback>): Promise<{ locationId: string; companyName: string | null }> {
    if (!query.state) throw badRequest(QUICKBOOKS_MESSAGES.stateInvalid);
    const now = this.now();
    const spent = await this.db.transaction((tx) => quickbooksStatesRepository.spend(tx, auth, hashOf(query.state!), auth.userId, now));
    if (!spent) throw badRequest(QUICKBOOKS_MESSAGES.stateInvalid);
    if (query.error) {
      const said = query.error === 'access_denied' ? '' : ` QuickBooks said: ${withoutSecrets(query.error_description ?? query.error, [])}`;
      throw badRequest(`${QUICKBOOKS_MESSAGES.cancelled}${said}`);
    }
    if (!query.code) throw badRequest(QUICKBOOKS_MESSAGES.missingCode);
    if (!query.realmId || !REALM_ID.test(query.realmId)) throw badRequest(QUICKBOOKS_MESSAGES.missingCompany);
    const realmId = query.realmId;
    const credentials = await this.integrations.credentialsById(auth, spent.integrationId);
    if (!credentials.publicKey || !credentials.privateKey) throw integrationNotSetUp();

    let tokens: QuickbooksTokens;
    try {
      tokens = await this.client.exchangeCode(appOf(credentials), query.code, this.redirectUri(), now);
    } catch (err) {
      if (!(err instanceof QuickbooksError)) throw err;
      if (err.code === 'unreachable') throw new HttpError(502, err.message);
      await this.integrations.recordCheck(auth, credentials.id, { ok: false, message: `${INTEGRATION_MESSAGES.notSetUpCorrectly} ${err.message}` });
      throw integrationRefused(err.message);
    }
    await this.integrations.updateSecrets(auth, credentials.id, secretsOf(tokens));
    // The name is for staff to recognise the company; the connection stands without it.
    const companyName = await this.client.companyName(environmentOf(credentials.settings), realmId, tokens.accessToken).catch((err: unknown) => {
      if (err instanceof QuickbooksError) return null;
      throw err;
    });
    await this.integrations.updateSettings(auth, credentials.id, { realmId, companyName, connectedAt: now.toISOString() });
    await this.integrations.recordCheck(auth, credentials.id, { ok: true, message: `Connected to the QuickBooks company ${companyName ?? realmId}.` }, now);
    return { locationId: credentials.locationId, companyName };
  }

  /**
   * The one way to a valid access token for a location's company: refreshed first when it has
   * ended or is about to, with the integration row locked for the whole exchange so another app
   * server waits and then uses the new token instead of spending the same refresh token. Intuit
   * rotates refresh tokens: the one it answers is kept every time.
   */
  private async access(scope: Scope, locationId: string): Promise<Outcome> {
    const now = this.now();
    return this.db.transaction(async (tx): Promise<Outcome> => {
      const c = await this.integrations.credentials(scope, locationId, 'quickbooks', { ex: tx, lock: 'update' });
      if (!c?.publicKey || !c.privateKey) return { kind: 'notSetUp' };
      const realmId = typeof c.settings.realmId === 'string' ? c.settings.realmId : null;
      const refreshToken = c.secrets.refreshToken;
      if (!refreshToken || !realmId) return { kind: 'notConnected' };
      const environment = environmentOf(c.settings);
      const endsAt = Date.parse(c.secrets.accessTokenExpiresAt ?? '');
      if (c.secrets.accessToken && endsAt - EARLY_REFRESH_MS > now.getTime()) {
        return { kind: 'ok', access: { integrationId: c.id, accessToken: c.secrets.accessToken, realmId, environment } };
      }
      let tokens: QuickbooksTokens;
      try {
        tokens = await this.client.refresh(appOf(c), refreshToken, now);
      } catch (err) {
        if (!(err instanceof QuickbooksError)) throw err;
        if (err.code === 'invalid_grant') {
          // Revoked, expired or already spent: it will never work again. Forgotten, so the
          // location shows as needing to be connected again.
          await this.integrations.updateSecrets(scope, c.id, FORGET_TOKENS, tx);
          return { kind: 'reconnect', integrationId: c.id, said: err.message };
        }
        if (err.code === 'unreachable' || err.status >= 500) return { kind: 'unreachable', said: err.message };
        return { kind: 'refused', integrationId: c.id, said: err.message };
      }
      await this.integrations.updateSecrets(scope, c.id, secretsOf(tokens), tx);
      return { kind: 'ok', access: { integrationId: c.id, accessToken: tokens.accessToken, realmId, environment } };
    });
  }

  /** What an outcome that is not a token means to staff, recorded as the integration's check where the provider refused. */
  private async refusal(scope: Scope, outcome: Exclude<Outcome, { kind: 'ok' }>): Promise<HttpError> {
    switch (outcome.kind) {
      case 'notSetUp':
        return integrationNotSetUp();
      case 'notConnected':
        return conflict(QUICKBOOKS_MESSAGES.notConnected);
      case 'unreachable':
        return new HttpError(502, outcome.said);
      case 'reconnect':
      case 'refused': {
        const said = outcome.kind === 'reconnect' ? `${QUICKBOOKS_MESSAGES.reconnect} (${outcome.said})` : outcome.said;
        await this.integrations.recordCheck(scope, outcome.integrationId, { ok: false, message: `${INTEGRATION_MESSAGES.notSetUpCorrectly} ${said}` });
        return integrationRefused(said);
      }
    }
  }

  /** A valid access token for the location's company (see `access`), or the reason there is none. */
  async accessToken(scope: Scope, locationId: string): Promise<QuickbooksAccess> {
    const outcome = await this.access(scope, locationId);
    if (outcome.kind === 'ok') return outcome.access;
    throw await this.refusal(scope, outcome);
  }

  /** Each active location's QuickBooks connection, by location name, with the company's name read from QuickBooks. */
  async list(scope: Scope): Promise<QuickbooksConnection[]> {
    const locations = await locationsRepository.listSorted(this.db, scope, { onlyActive: true });
    const services = await integrationsRepository.servicesOf(
      this.db,
      scope,
      locations.map((l) => l.id),
    );
    const withQuickbooks = locations.filter((l) => services.get(l.id)?.includes('quickbooks'));
    const result: QuickbooksConnection[] = [];
    // One after another: each may refresh its company's tokens in a transaction of its own.
    for (const location of withQuickbooks) {
      const connection = await this.connectionOf(scope, location.id, location.name);
      if (connection) result.push(connection);
    }
    return result;
  }

  private async integrationOf(scope: Scope, locationId: string): Promise<Integration | undefined> {
    return (await this.integrations.list(scope, locationId)).find((i) => i.service === 'quickbooks');
  }

  private async connectionOf(scope: Scope, locationId: string, locationName: string): Promise<QuickbooksConnection | undefined> {
    let integration = await this.integrationOf(scope, locationId);
    if (!integration) return undefined;
    let companyName = typeof integration.settings.companyName === 'string' ? integration.settings.companyName : null;
    let problem: string | null = null;
    if (integration.connected) {
      const outcome = await this.access(scope, locationId);
      if (outcome.kind === 'ok') {
        try {
          companyName = (await this.client.companyName(outcome.access.environment, outcome.access.realmId, outcome.access.accessToken)) ?? companyName;
        } catch (err) {
          if (!(err instanceof QuickbooksError)) throw err;
          problem = err.message;
        }
      } else {
        problem = (await this.refusal(scope, outcome)).message;
        integration = (await this.integrationOf(scope, locationId)) ?? integration;
      }
    }
    const realmId = typeof integration.settings.realmId === 'string' ? integration.settings.realmId : null;
    return {
      integrationId: integration.id,
      locationId,
      locationName,
      environment: environmentOf(integration.settings),
      status: integration.connected ? 'connected' : realmId && integration.lastCheck?.ok === false ? 'needsReconnect' : 'notConnected',
      companyId: realmId,
      companyName: realmId ? companyName : null,
      connectedAt: typeof integration.settings.connectedAt === 'string' && realmId ? integration.settings.connectedAt : null,
      problem,
      lastCheck: integration.lastCheck,
    };
  }

  /** The tokens revoked at Intuit; a failure is logged, never in the way of forgetting them. */
  private async revokeAtIntuit(c: IntegrationCredentials, log: FastifyBaseLogger | undefined): Promise<void> {
    const token = c.secrets.refreshToken ?? c.secrets.accessToken;
    if (!token) return;
    await this.client.revoke(appOf(c), token).catch((err: unknown) => {
      if (!(err instanceof QuickbooksError)) throw err;
      // Already revoked is what was wanted; otherwise the operator is told (the tokens are forgotten either way).
      if (err.code !== 'invalid_grant' && err.status !== 400) log?.warn({ integrationId: c.id, problem: err.message }, 'the QuickBooks connection could not be revoked at Intuit');
    });
  }

  /** Ends the connection: revoked at Intuit, then the tokens and the company forgotten (even when Intuit cannot be reached). */
  async disconnect(auth: AuthContext, locationId: string, log: FastifyBaseLogger): Promise<QuickbooksConnection> {
    const location = await assertLocationVisible(this.db, auth, locationId);
    await this.integrations.require(auth, locationId, 'quickbooks');
    const integrationId = await this.db.transaction(async (tx) => {
      // Locked like a refresh, so a refresh running now cannot keep a token after this.
      const c = (await this.integrations.credentials(auth, locationId, 'quickbooks', { ex: tx, lock: 'update' }))!;
      await this.revokeAtIntuit(c, log);
      await this.integrations.updateSecrets(auth, c.id, FORGET_TOKENS, tx);
      return c.id;
    });
    await this.integrations.updateSettings(auth, integrationId, { realmId: null, companyName: null, connectedAt: null });
    return (await this.connectionOf(auth, locationId, location.name))!;
  }
}
