// Each test file gets a database as the migrated template holds it (one the worker kept from an
// earlier file and emptied: kept-databases.ts) and the real HTTP
// stack (Fastify inject). Tests create their own accounts; they never rely on demo data, except
// the few about the demo itself, which copy a demo template seeded once per run (`demo: true`).
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject as vitestInject } from 'vitest';
import { buildPath, type Operation, type Permission } from '@willow/contracts';
import { buildApp, type AppOptions } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { DiskStorage, type DocumentStorage } from '../src/platform/document-storage.js';
import { locationsRepository, speciesRepository } from '../src/features/locations/locations.repository.js';
import { rolesRepository, systemRolesRepository } from '../src/features/roles/roles.repository.js';
import { roleHoldersRepository } from '../src/features/users/role-holders.repository.js';
import { SUPER_ADMINISTRATOR } from '../src/features/roles/roles.service.js';
import { usersRepository } from '../src/features/users/users.repository.js';
import { hashPassword } from '../src/platform/passwords.js';
import { verifySqlCompiler } from '../src/db/sql-compiler.js';
import { withDatabase } from './pg-url.js';
import { copyServerDatabase, dropServerDatabase, giveBackPglite, giveBackServerDatabase, keptPglite, keptServerDatabase } from './kept-databases.js';
import type { Providers } from '../src/platform/providers.js';

// Every statement compiled by the platform's own SQL compiler is also compiled by Drizzle, and the two must agree.
verifySqlCompiler(true);

const NOWHERE = 'http://127.0.0.1:9';
const UNREACHABLE_PROVIDERS: Providers = {
  sendgrid: NOWHERE,
  stripe: NOWHERE,
  twilio: NOWHERE,
  quickbooksApi: NOWHERE,
  quickbooksSandboxApi: NOWHERE,
  quickbooksAuthorize: NOWHERE,
  quickbooksRevoke: NOWHERE,
  quickbooksOauth: NOWHERE,
  googleOauth: NOWHERE,
  googleIssuer: NOWHERE,
  publicUrl: undefined,
  appUrl: 'http://portal.willow.test',
};

export const TEST_PASSWORD = 'correct-horse-battery';
export const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';
/** The fixed key integration secrets are sealed with in the tests. */
export const ENCRYPTION_KEY = Buffer.from('a3f1c2d4e5b6a7980123456789abcdef0fedcba9876543210a1b2c3d4e5f6071', 'hex');

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

export async function createTestApp(
  opts: {
    webDist?: string;
    moreRoutes?: AppOptions['moreRoutes'];
    trustProxy?: AppOptions['trustProxy'];
    allowedOrigins?: string[];
    /** the product's mail setting and the outbox's retries (the outbox tests) */
    mail?: AppOptions['mail'];
    /** the product's Google sign-in client (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET) */
    googleClient?: AppOptions['googleClient'];
    outboxRetry?: AppOptions['outboxRetry'];
    /** providers' base URLs (local fakes) and the public address */
    providers?: Partial<Providers>;
    outbound?: AppOptions['outbound'];
    /**
     * OUTBOUND_ALLOWED_NETWORKS: loopback unless a test says otherwise, as the tests' fakes of a
     * partner's API and a mail server listen there (the guard's own tests pass [])
     */
    outboundAllowedNetworks?: readonly string[];
    /** QUERY_TEXTS: the file each API request appends its statements' texts to (bench:hand-written) */
    queryTexts?: string;
    /** starts from the demo data (seedDemo's) rather than an empty database */
    demo?: boolean;
    /** where stored files go (STORAGE_URL's S3 store); a temporary folder on disk unless given */
    storage?: DocumentStorage;
    /** this database itself, migrated on opening, rather than a copy of the run's template (in the Citus suite, its one database) */
    databaseUrl?: string;
  } = {},
): Promise<TestContext> {
  let database: Database;
  let closeDatabase = () => database.close();
  // The Citus suite's one distributed database, shared by its files, each in its own accounts (decision 0255).
  const shared = opts.databaseUrl ?? (vitestInject('citusUrl') || undefined);
  if (shared) {
    database = await openDatabase({ dataDir: '', databaseUrl: shared });
  } else if (vitestInject('pgTemplateUrl')) {
    // A copy of the template, kept by the worker for its next file once this one is done with it
    // (kept-databases.ts); the demo's copy is dropped.
    const url = opts.demo ? await copyServerDatabase(await demoTemplate('pg')) : await keptServerDatabase(vitestInject('pgTemplateUrl'));
    // A copy of the migrated template, as it holds it (kept-databases.ts compares its shape): not
    // migrated again, which asked the server about every migration on every file (about 40 ms).
    database = await openDatabase({ dataDir: '', databaseUrl: url, migrate: false });
    closeDatabase = async () => {
      await database.close();
      await (opts.demo ? dropServerDatabase(url) : giveBackServerDatabase(url));
    };
  } else if (opts.demo) {
    database = await openDatabase({ dataDir: '', inMemory: true, pgliteImage: imageBlob(await demoTemplate('pglite')), migrate: false });
  } else {
    // Kept by the worker for its next file once this one is done with it (kept-databases.ts).
    database = await keptPglite(imageBlob(vitestInject('pgliteImage')));
    const pooled = database;
    closeDatabase = () => giveBackPglite(pooled);
  }
  const storageDir = mkdtempSync(join(tmpdir(), 'willow-docs-'));
  const app = await buildApp({
    db: database.db,
    storage: opts.storage ?? new DiskStorage(storageDir),
    jwtSecret: JWT_SECRET,
    encryptionKey: ENCRYPTION_KEY,
    // No test reaches a real provider: unless a test names its fakes, providers are an address nothing listens on.
    providers: { ...UNREACHABLE_PROVIDERS, ...opts.providers },
    // Every test runs with checked sessions cached, as the product does.
    listen: database.listen,
    countQueries: true,
    // Every answer is also checked by its zod schema and must read as zod would write it.
    checkResponses: true,
    ...(opts.webDist && { webDist: opts.webDist }),
    ...(opts.moreRoutes && { moreRoutes: opts.moreRoutes }),
    ...(opts.trustProxy !== undefined && { trustProxy: opts.trustProxy }),
    ...(opts.allowedOrigins && { allowedOrigins: opts.allowedOrigins }),
    ...(opts.mail && { mail: opts.mail }),
    ...(opts.googleClient && { googleClient: opts.googleClient }),
    ...(opts.outboxRetry && { outboxRetry: opts.outboxRetry }),
    ...(opts.outbound && { outbound: opts.outbound }),
    ...(opts.queryTexts && { queryTexts: opts.queryTexts }),
    outboundAllowedNetworks: opts.outboundAllowedNetworks ?? ['loopback'],
  });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await closeDatabase();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}

// A worker runs file after file (isolate: false): an image is read from disk once per worker.
const images = new Map<string, Blob>();
export function imageBlob(file: string): Blob {
  let image = images.get(file);
  if (!image) images.set(file, (image = new Blob([readFileSync(file)])));
  return image;
}

/**
 * The demo's template: a PGlite image, or a PostgreSQL database to copy. Seeding the demo takes
 * seconds, so it is done once per run, by the first file that asks (the run directory's lock
 * says which), and only if one does; the others wait for its result (decision 0234).
 */
async function demoTemplate(kind: 'pg' | 'pglite'): Promise<string> {
  const dir = vitestInject('testRunDir');
  const done = join(dir, 'demo-template');
  const failed = join(dir, 'demo-template.failed');
  const seededBy = join(dir, 'demo-template.lock');
  const result = () => (kind === 'pg' ? readFileSync(done, 'utf8') : done);
  let mine = false;
  try {
    mkdirSync(seededBy);
    mine = true;
  } catch {
    // another file of the run is making it, or made it
  }
  if (!mine) {
    const end = Date.now() + 600_000;
    while (!existsSync(done)) {
      if (existsSync(failed)) throw new Error(`the demo template could not be made: ${readFileSync(failed, 'utf8')}`);
      if (Date.now() > end) throw new Error('the demo template was not made within 10 minutes');
      await new Promise((r) => setTimeout(r, 100));
    }
    return result();
  }
  try {
    // Loaded only here: most files never need the demo.
    const { seedDemo } = await import('../src/seed/demo.js');
    if (kind === 'pg') {
      const templateUrl = vitestInject('pgTemplateUrl');
      const pg = await import('pg');
      const name = `${new URL(templateUrl).pathname.slice(1)}_demo`;
      const admin = new pg.default.Client({ connectionString: process.env.DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name} template ${new URL(templateUrl).pathname.slice(1)}`);
      await admin.end();
      const url = withDatabase(templateUrl, name);
      const db = await openDatabase({ dataDir: '', databaseUrl: url });
      if (!(await seedDemo(db.db))) throw new Error('the demo seed filled nothing on an empty database');
      await db.close();
      writeFileSync(`${done}.tmp`, url);
    } else {
      const db = await openDatabase({ dataDir: '', inMemory: true, pgliteImage: imageBlob(vitestInject('pgliteImage')) });
      if (!(await seedDemo(db.db))) throw new Error('the demo seed filled nothing on an empty database');
      const client = (db.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
      writeFileSync(`${done}.tmp`, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
      await db.close();
    }
    // Appears whole: the waiting files read it the moment it exists.
    renameSync(`${done}.tmp`, done);
  } catch (err) {
    writeFileSync(failed, String((err as Error).stack ?? err));
    throw err;
  }
  return result();
}

let hashed: Promise<string> | undefined;
const testHash = () => (hashed ??= hashPassword(TEST_PASSWORD));

export interface TestAccount {
  accountId: string;
  locationId: string;
  /** Dog and Cat are on the first location's species list */
  speciesId: string;
  catSpeciesId: string;
  roles: Record<string, string>;
  /** signed-in clients, by role */
  admin: Client;
}

/**
 * A fresh account with its first location and Administrator, on `tier`: the rows a new practice
 * starts with (NewAccountsService.createRecords, its subscribers included), in one transaction,
 * with the suite's one password hash. The platform's account creation itself (validation, the
 * owner's hash) is what the accounts tests call through the API.
 */
export async function createAccount(ctx: TestContext, tier = 'premium', name = `Practice ${randomUUID().slice(0, 8)}`): Promise<TestAccount> {
  const email = `admin-${randomUUID()}@test.example`;
  const db = ctx.database.db;
  const passwordHash = await testHash();
  const catalogue = await speciesRepository.list(db);
  const speciesId = (name: string) => catalogue.find((s) => s.name === name)!.id;
  const { account, location } = await db.transaction(async (tx) => {
    const { account } = await ctx.app.container.newAccounts.createRecords(tx, {
      name,
      subscriptionTier: tier,
      owner: { firstName: 'Ada', lastName: 'Admin', email, passwordHash },
      location: { name: 'Main Clinic', timezone: 'America/New_York' },
    });
    const scope = { accountId: account.id };
    const [location] = await locationsRepository.listSorted(tx, scope, {});
    // The tests' clinic sees dogs and cats only, whatever a new practice starts with (decision 0191).
    const starting = (await locationsRepository.speciesOf(tx, scope, [location!.id])).get(location!.id) ?? [];
    for (const s of starting) if (s.name !== 'Dog' && s.name !== 'Cat') await locationsRepository.removeSpecies(tx, scope, location!.id, s.id);
    await locationsRepository.addManySpecies(tx, scope, location!.id, [speciesId('Dog'), speciesId('Cat')]);
    return { account, location: location! };
  });
  const roles = Object.fromEntries((await rolesRepository.list(db, { accountId: account.id }, {})).map((r) => [r.name, r.id]));
  return {
    accountId: account.id,
    locationId: location.id,
    speciesId: speciesId('Dog'),
    catSpeciesId: speciesId('Cat'),
    roles,
    admin: await signIn(ctx, email),
  };
}

/**
 * A user of `account` holding exactly `permissions` (through a custom role), or the predefined
 * `role` (as a practice sets staff up: 'Front Desk', 'Veterinarian', …), signed in.
 */
export async function createUser(
  ctx: TestContext,
  account: TestAccount,
  permissions: Permission[] = [],
  opts: { system?: Permission[]; firstName?: string; role?: string } = {},
): Promise<Client & { userId: string; email: string }> {
  const scope = { accountId: account.accountId };
  const email = `user-${randomUUID()}@test.example`;
  const user = await usersRepository.insert(ctx.database.db, scope, {
    email,
    firstName: opts.firstName ?? 'Uma',
    lastName: 'User',
    passwordHash: await testHash(),
  });
  if (permissions.length) {
    const role = await rolesRepository.insert(ctx.database.db, scope, { name: `Role ${randomUUID()}`, permissions });
    await usersRepository.setRoles(ctx.database.db, scope, user.id, [role.id]);
  }
  if (opts.role) await usersRepository.setRoles(ctx.database.db, scope, user.id, [account.roles[opts.role]!]);
  if (opts.system?.length) {
    const role = opts.system.includes('system.admin')
      ? (await systemRolesRepository.findByName(ctx.database.db, SUPER_ADMINISTRATOR))!
      : await systemRolesRepository.insert(ctx.database.db, { name: `System ${randomUUID()}`, permissions: opts.system });
    const members = (await roleHoldersRepository.ofSystemRoles(ctx.database.db)).filter((m) => m.systemRoleId === role.id).map((m) => m.userId);
    await roleHoldersRepository.setSystemRoleHolders(ctx.database.db, role.id, [...members, user.id]);
  }
  const client = await signIn(ctx, email);
  return Object.assign(client, { userId: user.id, email });
}

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Client {
  cookie: string;
  call(op: Operation, opts?: CallOptions): Promise<LightMyRequestResponse>;
}

export function clientWithCookie(ctx: TestContext, cookie: string): Client {
  return {
    cookie,
    call: (op, opts = {}) => call(ctx, op, { ...opts, headers: { ...opts.headers, ...(cookie && { cookie }) } }),
  };
}

/**
 * `email`'s user signed in: a session begun as every sign-in flow ends it (AuthService.startSession),
 * without the password check or the HTTP round trip before it. The sign-in itself (passwords,
 * limits, cookies) is what the auth tests try, through loginRequest.
 */
export async function signIn(ctx: TestContext, email: string): Promise<Client> {
  const user = await usersRepository.findByEmail(ctx.database.db, email);
  if (!user) throw new Error(`sign-in failed: no user ${email}`);
  const { token } = await ctx.app.container.auth.startSession(user, `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.1`, null);
  return clientWithCookie(ctx, `x-access-token=${token}`);
}

/** Calls an operation through the real HTTP stack. */
export function call(ctx: TestContext, op: Operation, opts: CallOptions = {}) {
  const query = opts.query ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)])) : undefined;
  return ctx.app.inject({
    method: op.method,
    url: buildPath(op.path, opts.params),
    ...(query && { query }),
    ...(opts.body !== undefined && { payload: opts.body as object }),
    ...(opts.headers && { headers: opts.headers }),
  });
}

export const anonymous = (ctx: TestContext): Client => clientWithCookie(ctx, '');
export const errorOf = (res: LightMyRequestResponse) => (res.json() as { error: { message: string } }).error.message;

/** A raw sign-in request, for tests of the sign-in itself (cookies, failures, rate limits). */
export function loginRequest(ctx: TestContext, email: string, password: string, remoteAddress = '192.0.2.1') {
  return ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { data: { email, password } }, remoteAddress });
}

/** The x-access-token value of a client's cookie. */
export const tokenOf = (client: Client) => client.cookie.replace(/^x-access-token=/, '');

/** Decodes a JWT's header and payload without checking it. */
export function decodeJwt(token: string): { header: Record<string, unknown>; payload: Record<string, unknown> } {
  const [header, payload] = token.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>);
  return { header: header!, payload: payload! };
}

/** Closes the database under the running app, to provoke server errors; ctx.close() still cleans up. */
export async function closeDatabaseNow(ctx: TestContext): Promise<void> {
  const close = ctx.database.close.bind(ctx.database);
  ctx.database.close = async () => {};
  await close();
}

/** A minimal valid PDF. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

/** Uploads a file as the browser does: multipart/form-data, fields before the file. */
export function uploadDocument(
  ctx: TestContext,
  client: Client,
  fields: Record<string, string>,
  file: { name?: string; bytes?: Buffer; type?: string } = {},
) {
  return uploadTo(ctx, client, '/api/document', fields, file);
}

/** A multipart/form-data upload (fields, then one file named "file") to any upload route. */
export function uploadTo(
  ctx: TestContext,
  client: Client,
  url: string,
  fields: Record<string, string>,
  file: { name?: string; bytes?: Buffer; type?: string } = {},
) {
  const boundary = `----willow${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name ?? 'referral.pdf'}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
    ),
    file.bytes ?? PDF_BYTES,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(client.cookie && { cookie: client.cookie }) },
    payload: Buffer.concat(parts),
  });
}

/**
 * A second app on `ctx`'s database that logs at trace level into `lines`, for tests that read what
 * reaches the log (secrets must not). Close it with `close()`; the database stays `ctx`'s.
 */
export async function createLoggedApp(ctx: TestContext, providers: Partial<Providers>): Promise<TestContext & { lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const storageDir = mkdtempSync(join(tmpdir(), 'willow-docs-'));
  const app = await buildApp({
    db: ctx.database.db,
    storage: new DiskStorage(storageDir),
    jwtSecret: JWT_SECRET,
    encryptionKey: ENCRYPTION_KEY,
    providers: { ...UNREACHABLE_PROVIDERS, ...providers },
    checkResponses: true,
    logger: { level: 'trace', stream },
  });
  await app.ready();
  return {
    app,
    database: ctx.database,
    lines,
    async close() {
      await app.close();
      rmSync(storageDir, { recursive: true, force: true });
    },
  };
}
