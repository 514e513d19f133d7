import { randomUUID } from 'node:crypto';
import {
  INTEGRATION_CATALOGUE,
  INTEGRATION_MESSAGES,
  type Integration,
  type IntegrationCheck,
  type IntegrationInput as IntegrationInputSchema,
  type IntegrationService,
  type IntegrationUpdateInput as IntegrationUpdateSchema,
} from '@willow/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import { badRequest, conflict, HttpError, isUniqueViolation, notFound } from '../../platform/errors.js';
import type { OutboundGuard } from '../../platform/outbound-address.js';
import type { Providers } from '../../platform/providers.js';
import { SecretBoxError, type SecretBox } from '../../platform/secret-box.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { assertLocationVisible } from '../locations/index.js';
import { checkIntegration } from './integration-checks.js';
import { integrationNotSetUp } from './integration-errors.js';
import { integrationsRepository, type IntegrationRow } from './integrations.repository.js';
import type { IntegrationSettings } from './integrations.table.js';

type CreateValues = z.output<typeof IntegrationInputSchema>;
type UpdateValues = z.output<typeof IntegrationUpdateSchema>;

/** An integration's credentials, opened: for code that calls the provider, never for answers. */
export interface IntegrationCredentials {
  id: string;
  locationId: string;
  service: IntegrationService;
  publicKey: string | null;
  privateKey: string | null;
  settings: IntegrationSettings;
  /** what the provider issued (a webhook signing secret, OAuth tokens), by name */
  secrets: Record<string, string>;
}

/** The secrets' names that mean an accounting integration is linked to a company (the OAuth connection is made). */
const CONNECTED_SECRET = 'refreshToken';

/** The sealed secrets of a row are bound to it: a ciphertext copied to another row does not open. */
const sealContext = (accountId: string, integrationId: string) => `integration:${accountId}:${integrationId}`;

const toCheck = (row: IntegrationRow): IntegrationCheck | null =>
  row.lastCheckAt && row.lastCheckOk !== null ? { ok: row.lastCheckOk, message: row.lastCheckMessage, at: row.lastCheckAt.toISOString() } : null;

/**
 * The portal's addresses a provider must be given for an integration to work, by service (the
 * features receiving the calls know them: the container wires them in, so this feature imports
 * none of them).
 */
export type IntegrationAddresses = Partial<Record<IntegrationService, (row: { accountId: string; locationId: string }) => { label: string; url: string }[]>>;

export function toIntegration(row: IntegrationRow, addresses: IntegrationAddresses = {}): Integration {
  return {
    id: row.id,
    locationId: row.locationId,
    service: row.service as IntegrationService,
    publicKey: row.publicKey,
    privateKeySet: row.secretNames.includes('privateKey'),
    settings: row.settings,
    connected: INTEGRATION_CATALOGUE[row.service as IntegrationService]?.kind === 'accounting' && row.secretNames.includes(CONNECTED_SECRET),
    lastCheck: toCheck(row),
    addresses: addresses[row.service as IntegrationService]?.(row) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** How many times a secrets update reads again after another one changed them first. */
const SWAP_ATTEMPTS = 8;

/**
 * A location's integrations: their settings, their sealed secrets, and the credentials the
 * features calling a provider ask for (`credentials`, `require`).
 */
/** Lets go what the integration holds at its provider; never refuses the removal for the provider's sake. */

export class IntegrationsService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
    private readonly providers: Providers,
    /** the addresses practices enter (a partner's API, a mail server) are checked by it (decision 0145) */
    private readonly guard: OutboundGuard,
    private readonly events: DomainEventBus,
    private readonly addresses: IntegrationAddresses = {},
  ) {}

  private answer = (row: IntegrationRow): Integration => toIntegration(row, this.addresses);

  private seal(scope: Scope, id: string, secrets: Record<string, string>): { sealedSecrets: string | null; secretNames: string[] } {
    const names = Object.keys(secrets).sort();
    if (names.length === 0) return { sealedSecrets: null, secretNames: [] };
    return { sealedSecrets: this.box.seal(JSON.stringify(secrets), sealContext(scope.accountId, id)), secretNames: names };
  }

  /** The row's secrets, opened (a row that does not open throws SecretBoxError: never shown, logged as unexpected). */
  private open(scope: Scope, row: Pick<IntegrationRow, 'id' | 'sealedSecrets'>): Record<string, string> {
    if (!row.sealedSecrets) return {};
    return JSON.parse(this.box.open(row.sealedSecrets, sealContext(scope.accountId, row.id))) as Record<string, string>;
  }

  /**
   * The row's secrets for a caller that needs them: one that does not open (sealed under another
   * key, or altered) is as good as none, which staff fix by entering the secret again.
   */
  private openOrNotSetUp(scope: Scope, row: IntegrationRow): Record<string, string> {
    try {
      return this.open(scope, row);
    } catch (err) {
      if (err instanceof SecretBoxError) throw integrationNotSetUp();
      throw err;
    }
  }

  private toCredentials(scope: Scope, row: IntegrationRow): IntegrationCredentials {
    const { privateKey, ...secrets } = this.openOrNotSetUp(scope, row);
    return {
      id: row.id,
      locationId: row.locationId,
      service: row.service as IntegrationService,
      publicKey: row.publicKey,
      privateKey: privateKey ?? null,
      settings: row.settings,
      secrets,
    };
  }

  async list(scope: Scope, locationId: string): Promise<Integration[]> {
    await assertLocationVisible(this.db, scope, locationId);
    return (await integrationsRepository.listForLocation(this.db, scope, locationId)).map(this.answer);
  }

  async get(scope: Scope, id: string): Promise<Integration> {
    const row = await integrationsRepository.findById(this.db, scope, id);
    if (!row) throw notFound();
    return this.answer(row);
  }

  async create(scope: Scope, input: CreateValues): Promise<Integration> {
    await assertLocationVisible(this.db, scope, input.locationId);
    const id = randomUUID();
    const secrets: Record<string, string> = input.privateKey ? { privateKey: input.privateKey } : {};
    return this.insert(scope, id, {
      locationId: input.locationId,
      service: input.service,
      publicKey: input.publicKey ?? null,
      settings: input.settings as IntegrationSettings,
      ...this.seal(scope, id, secrets),
    });
  }

  private async insert(scope: Scope, id: string, values: Parameters<typeof integrationsRepository.insertWithId>[3], ex: Executor = this.db) {
    try {
      return this.answer(await integrationsRepository.insertWithId(ex, scope, id, values));
    } catch (err) {
      // Two requests racing for the same service and location: the unique index decides.
      if (isUniqueViolation(err, 'integrations_location_service_unique')) throw conflict(INTEGRATION_MESSAGES.exists);
      throw err;
    }
  }

  /** Changes the public part and settings; an empty or missing private key keeps the stored one. */
  async update(scope: Scope, id: string, input: UpdateValues): Promise<Integration> {
    const row = await this.db.transaction(async (tx) => {
      const current = await integrationsRepository.findById(tx, scope, id, { lock: 'update' });
      if (!current) throw notFound();
      if (current.service !== input.service) throw badRequest('service: an integration’s service cannot be changed');
      const patch: Parameters<typeof integrationsRepository.update>[3] = {};
      const newPublicKey = input.publicKey !== undefined && input.publicKey !== current.publicKey;
      if (newPublicKey) patch.publicKey = input.publicKey;
      if (input.settings !== undefined) patch.settings = { ...current.settings, ...(input.settings as IntegrationSettings) };
      if (input.privateKey) {
        // Secrets that no longer open (another key) are replaced by what is typed now.
        let kept: Record<string, string> = {};
        try {
          kept = this.open(scope, current);
        } catch (err) {
          if (!(err instanceof SecretBoxError)) throw err;
        }
        Object.assign(patch, this.seal(scope, id, { ...kept, privateKey: input.privateKey }));
      }
      // New credentials: the last check was of the old ones.
      if (newPublicKey || input.privateKey) Object.assign(patch, { lastCheckOk: null, lastCheckMessage: null, lastCheckAt: null });
      return integrationsRepository.update(tx, scope, id, patch);
    });
    if (!row) throw notFound();
    return this.answer(row);
  }

  /** Removes an integration; the features that set something up with its provider undo it there first ('integration.removing'). */
  async remove(auth: AuthContext, id: string, log?: FastifyBaseLogger): Promise<void> {
    const removed = await this.db.transaction(async (tx) => {
      // Locked while the provider is told, so nothing refreshes a token of a row about to go.
      const row = await integrationsRepository.findById(tx, auth, id, { lock: 'update' });
      if (!row) return false;
      await this.events.publish(tx, auth, 'integration.removing', { integrationId: row.id, locationId: row.locationId, service: row.service, publicKey: row.publicKey, log });
      return integrationsRepository.remove(tx, auth, id);
    });
    if (!removed) throw notFound();
  }

  /**
   * A location's credentials for a service, opened; undefined when it has none. Inside a
   * transaction (`ex`) with `lock: 'update'`, the row stays locked until it ends: what rotates a
   * provider's token reads and replaces it without another app server doing the same at once.
   */
  async credentials(
    scope: Scope,
    locationId: string,
    service: IntegrationService,
    opts: { ex?: Executor; lock?: 'update' } = {},
  ): Promise<IntegrationCredentials | undefined> {
    const row = await integrationsRepository.findFor(opts.ex ?? this.db, scope, locationId, service, opts.lock ? { lock: opts.lock } : {});
    return row ? this.toCredentials(scope, row) : undefined;
  }

  /** The same by the integration's id (404 when it is not the account's). */
  async credentialsById(scope: Scope, id: string): Promise<IntegrationCredentials> {
    const row = await integrationsRepository.findById(this.db, scope, id);
    if (!row) throw notFound();
    return this.toCredentials(scope, row);
  }

  /**
   * An account's own client of a service that serves its staff's sign-in (Google sign-in, decision
   * 0144): its earliest integration of that service, opened; undefined when it has none or that
   * one's client id or secret is missing (a secret that no longer opens counts as missing).
   */
  async signInClientOf(accountId: string, service: IntegrationService): Promise<(IntegrationCredentials & { accountId: string }) | undefined> {
    const row = await integrationsRepository.earliestOfAccount(this.db, { accountId }, service);
    return row ? this.usableClient(row) : undefined;
  }

  /** The same client by the account and id a sign-in under way recorded (undefined when it was removed or broken since). */
  async signInClientById(accountId: string, id: string): Promise<(IntegrationCredentials & { accountId: string }) | undefined> {
    const row = await integrationsRepository.findById(this.db, { accountId }, id);
    return row ? this.usableClient(row) : undefined;
  }

  /** Whether any active account has its own usable client of the service (the sign-in page offers it). */
  async anySignInClient(service: IntegrationService): Promise<boolean> {
    const rows = await integrationsRepository.earliestOfEachActiveAccount(this.db, service);
    return rows.some((row) => this.usableClient(row) !== undefined);
  }

  private usableClient(row: IntegrationRow): (IntegrationCredentials & { accountId: string }) | undefined {
    let credentials: IntegrationCredentials;
    try {
      credentials = this.toCredentials({ accountId: row.accountId }, row);
    } catch (err) {
      if (err instanceof HttpError) return undefined;
      throw err;
    }
    if (!credentials.publicKey || !credentials.privateKey) return undefined;
    return { ...credentials, accountId: row.accountId };
  }

  /**
   * A location's credentials for a service a feature cannot work without: the integration's
   * INTEGRATION_MESSAGES.notSetUp (409) when it is missing or lacks a required part.
   */
  /** `ex`: read inside a transaction of the caller's (on PGlite, the one connection it holds). */
  async require(scope: Scope, locationId: string, service: IntegrationService, ex?: Executor): Promise<IntegrationCredentials> {
    const found = await this.credentials(scope, locationId, service, ex ? { ex } : {});
    const info = INTEGRATION_CATALOGUE[service];
    if (!found || (info.publicKey?.required && !found.publicKey) || (info.privateKey?.required && !found.privateKey)) throw integrationNotSetUp();
    return found;
  }

  /** Whether the provider accepted the credentials, as the integration's last check (shown to staff). */
  async recordCheck(scope: Scope, integrationId: string, check: { ok: boolean; message: string | null }, at: Date = new Date()): Promise<IntegrationCheck> {
    if (!(await integrationsRepository.recordCheck(this.db, scope, integrationId, { ...check, at }))) throw notFound();
    return { ...check, at: at.toISOString() };
  }

  /**
   * "Test connection": asks the provider whether the stored credentials work and keeps the answer
   * as the last check (unless nothing could be asked, e.g. a partner without an API address).
   */
  async test(scope: Scope, id: string): Promise<IntegrationCheck> {
    const credentials = await this.credentialsById(scope, id);
    const stripe = credentials.service === 'stripeWebhook' ? await this.credentials(scope, credentials.locationId, 'stripe') : undefined;
    const result = await checkIntegration(credentials, { providers: this.providers, guard: this.guard, stripe });
    if (!result.tested) return { ok: false, message: result.message, at: new Date().toISOString() };
    return this.recordCheck(scope, id, { ok: result.ok, message: result.message });
  }

  /**
   * Sets provider-issued secrets (a rotated refresh token, a webhook signing secret) beside the
   * stored ones; an empty value removes one. Written only over the ciphertext it read, so two
   * rotations at once never lose either (the later one reads again and applies its patch on top).
   */
  async updateSecrets(scope: Scope, integrationId: string, patch: Record<string, string>, ex: Executor = this.db): Promise<void> {
    for (let attempt = 0; attempt < SWAP_ATTEMPTS; attempt++) {
      const row = await integrationsRepository.findById(ex, scope, integrationId);
      if (!row) throw notFound();
      const next = { ...this.openOrNotSetUp(scope, row) };
      for (const [name, value] of Object.entries(patch)) {
        if (value) next[name] = value;
        else delete next[name];
      }
      if (await integrationsRepository.swapSecrets(ex, scope, integrationId, row.sealedSecrets, this.seal(scope, integrationId, next))) return;
    }
    throw new Error('integration secrets kept changing while being updated');
  }

  /** Merges provider-issued settings that are not secret (a linked company's id) in one statement. */
  async updateSettings(scope: Scope, integrationId: string, patch: IntegrationSettings): Promise<void> {
    if (!(await integrationsRepository.mergeSettings(this.db, scope, integrationId, patch))) throw notFound();
  }

  /**
   * A webhook-style integration created by an action rather than the form (the card payment
   * webhook): replaces the location's earlier one of that service in one transaction. Answers the
   * earlier one's public part (its id at the provider), so the caller can remove it there.
   */
  async replaceIssued(
    scope: Scope,
    locationId: string,
    service: IntegrationService,
    values: { publicKey: string; secrets: Record<string, string>; settings?: IntegrationSettings },
  ): Promise<{ integration: Integration; previousPublicKey: string | null }> {
    return this.db.transaction(async (tx) => {
      const old = await integrationsRepository.findFor(tx, scope, locationId, service, { lock: 'update' });
      if (old) await integrationsRepository.remove(tx, scope, old.id);
      const id = randomUUID();
      const integration = await this.insert(
        scope,
        id,
        { locationId, service, publicKey: values.publicKey, settings: values.settings ?? {}, ...this.seal(scope, id, values.secrets) },
        tx,
      );
      return { integration, previousPublicKey: old?.publicKey ?? null };
    });
  }
}
