// A practice's data folder made by the release before the composite tenant keys upgrades in place:
// its rows survive, sign-in finds its users through the new email directory, sessions and tokens
// issued before the upgrade keep working, and the references it holds stay in their account.
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import * as api from '@willow/contracts';
import { buildApp } from '../src/app.js';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client.js';
import { DiskStorage } from '../src/platform/document-storage.js';
import { hashPassword } from '../src/platform/passwords.js';
import { TokenSigner } from '../src/platform/tokens.js';
import { call, clientWithCookie, ENCRYPTION_KEY, JWT_SECRET, loginRequest, TEST_PASSWORD, type TestContext } from './harness.js';
import { adminUrl, withDatabase } from './pg-url.js';

/** The last migration of the release before composite keys. */
const BEFORE = '0006_status_corrections';

const dir = mkdtempSync(join(tmpdir(), 'willow-upgrade-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The migrations folder as that release shipped it. */
function olderMigrations(): string {
  const folder = mkdtempSync(join(dir, 'drizzle-before-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === BEFORE);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

const id = () => randomUUID();
const practice = {
  account: id(),
  location: id(),
  owner: id(),
  vet: id(),
  role: id(),
  administrator: id(),
  frontDesk: id(),
  manager: id(),
  client: id(),
  patient: id(),
  appointment: id(),
  session: id(),
};
const elsewhere = { account: id(), location: id(), admin: id(), session: id() };
const superRole = id();
const species = id();

/**
 * Where the old release's database lives: an embedded data folder always, and a database of its
 * own on the PostgreSQL server when the suite runs against one.
 */
const engines: { name: string; open(migrationsFolder?: string): Promise<Database>; drop(): Promise<void> }[] = [
  {
    name: 'an embedded data folder',
    open: (folder) => openDatabase({ dataDir: join(dir, 'data'), ...(folder && { migrationsFolder: folder }) }),
    drop: async () => {},
  },
];
const serverUrl = process.env.DATABASE_URL;
if (serverUrl) {
  const name = `willow_upgrade_${randomBytes(6).toString('hex')}`;
  const admin = async (text: string) => {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: adminUrl(serverUrl) });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  let created = false;
  engines.push({
    name: 'a PostgreSQL server database',
    open: async (folder) => {
      if (!created) await admin(`create database ${name}`);
      created = true;
      return openDatabase({ dataDir: '', databaseUrl: withDatabase(serverUrl, name), ...(folder && { migrationsFolder: folder }) });
    },
    drop: () => admin(`drop database if exists ${name} with (force)`),
  });
}

describe.each(engines)('upgrading $name in place', (engine) => {
  afterAll(() => engine.drop());

  it('keeps every row, and sign-in, sessions and references work after the upgrade', async () => {
    const hash = await hashPassword(TEST_PASSWORD);
    const old = await engine.open(olderMigrations());
    const statements = [
      `insert into subscription_tiers (key, name) values ('premium', 'Premium') on conflict do nothing`,
      `insert into species (id, name) values ('${species}', 'Dog')`,
      `insert into system_roles (id, name, permissions) values ('${superRole}', 'Platform', '{system.admin,system.switch_account:all}')`,
      ...[practice, elsewhere].map(
        (a) => `insert into accounts (id, name, subscription_tier) values ('${a.account}', 'Practice ${a.account.slice(0, 4)}', 'premium')`,
      ),
      ...[practice, elsewhere].map(
        (a) => `insert into locations (id, account_id, name, timezone) values ('${a.location}', '${a.account}', 'Main', 'America/New_York')`,
      ),
      `insert into users (id, account_id, email, first_name, last_name, password_hash) values
        ('${practice.owner}', '${practice.account}', 'Owner@Upgrade.Example', 'Olive', 'Owner', '${hash}'),
        ('${practice.vet}', '${practice.account}', 'vet@upgrade.example', 'Victor', 'Vet', '${hash}'),
        ('${elsewhere.admin}', '${elsewhere.account}', 'platform@upgrade.example', 'Pat', 'Platform', '${hash}')`,
      `insert into roles (id, account_id, name, permissions) values ('${practice.role}', '${practice.account}', 'Administrator', '{user.read,user.write,location.read}')`,
      `insert into roles (id, account_id, name, predefined, permissions) values
        ('${practice.administrator}', '${practice.account}', 'Administrator', true, '{users.manage,account.manage}'),
        ('${practice.frontDesk}', '${practice.account}', 'Front Desk', true, '{}'),
        ('${practice.manager}', '${practice.account}', 'Practice manager', false, '{account.manage}')`,
      `insert into user_roles (account_id, user_id, role_id) values ('${practice.account}', '${practice.owner}', '${practice.role}')`,
      `insert into user_locations (account_id, user_id, location_id) values ('${practice.account}', '${practice.owner}', '${practice.location}')`,
      `insert into user_system_roles (user_id, system_role_id) values ('${elsewhere.admin}', '${superRole}')`,
      `insert into clients (id, account_id, location_id, first_name, last_name, primary_veterinarian_id) values ('${practice.client}', '${practice.account}', '${practice.location}', 'Cora', 'Client', '${practice.vet}')`,
      `insert into patients (id, account_id, client_id, location_id, name, species_id) values ('${practice.patient}', '${practice.account}', '${practice.client}', '${practice.location}', 'Rex', '${species}')`,
      `insert into appointments (id, account_id, location_id, client_id, patient_ids, primary_provider_id, start_at, end_at, status)
        values ('${practice.appointment}', '${practice.account}', '${practice.location}', '${practice.client}', '{${practice.patient}}', '${practice.vet}', '2026-12-01T15:00:00Z', '2026-12-01T16:00:00Z', 'Confirmed')`,
      // the owner signed in at home; the platform administrator working inside the practice
      `insert into sessions (id, user_id, account_id, expires_at) values
        ('${practice.session}', '${practice.owner}', '${practice.account}', now() + interval '1 hour'),
        ('${elsewhere.session}', '${elsewhere.admin}', '${practice.account}', now() + interval '1 hour')`,
    ];
    for (const text of statements) await old.query(text);
    const countsBefore = await rowCounts(old.query.bind(old));
    await old.close();

    const upgraded = await engine.open();
    try {
      expect(await rowCounts(upgraded.query.bind(upgraded))).toEqual(countsBefore);
      expect(await upgraded.query(`select email, account_id, user_id from user_emails order by email`)).toEqual([
        { email: 'owner@upgrade.example', account_id: practice.account, user_id: practice.owner },
        { email: 'platform@upgrade.example', account_id: elsewhere.account, user_id: elsewhere.admin },
        { email: 'vet@upgrade.example', account_id: practice.account, user_id: practice.vet },
      ]);
      // Sessions move to their user's own account and remember where they were working.
      expect(await upgraded.query(`select id, account_id, working_account_id from sessions order by user_id = '${practice.owner}' desc`)).toEqual([
        { id: practice.session, account_id: practice.account, working_account_id: practice.account },
        { id: elsewhere.session, account_id: elsewhere.account, working_account_id: practice.account },
      ]);
      expect(await upgraded.query(`select account_id from user_system_roles`)).toEqual([{ account_id: elsewhere.account }]);
      // Deleting clinical records for good became a permission: the predefined Administrator has it, no other role does.
      // Refunds and deleting billing drafts too (0132): the predefined Administrator and a role managing the account keep them.
      // Managing inventory too (0219): the predefined Administrator only.
      expect(await upgraded.query(`select id, permissions from roles where account_id = '${practice.account}' order by name, predefined`)).toEqual([
        { id: practice.role, permissions: ['user.read', 'user.write', 'location.read'] },
        { id: practice.administrator, permissions: ['users.manage', 'account.manage', 'records.delete', 'billing.manage', 'inventory.manage'] },
        { id: practice.frontDesk, permissions: [] },
        { id: practice.manager, permissions: ['account.manage', 'billing.manage'] },
      ]);

      const storage = join(dir, 'documents');
      const app = await buildApp({ db: upgraded.db, storage: new DiskStorage(storage), jwtSecret: JWT_SECRET, encryptionKey: ENCRYPTION_KEY, checkResponses: true });
      await app.ready();
      const ctx = { app, database: upgraded, close: async () => {} } as TestContext;
      try {
        // Sign-in by email, whatever its case, through the directory.
        const login = await loginRequest(ctx, 'OWNER@upgrade.example', TEST_PASSWORD);
        expect(login.statusCode).toBe(200);
        // A token issued before the upgrade (no home account in it) still works.
        const signer = new TokenSigner(JWT_SECRET);
        const before = await signer.sign(
          { authenticatedUserId: practice.owner, accountId: practice.account, jti: practice.session },
          new Date(Date.now() + 3_600_000),
        );
        const owner = clientWithCookie(ctx, `x-access-token=${before}`);
        const profile = await owner.call(api.getProfile);
        expect(profile.statusCode).toBe(200);
        expect(profile.json()).toMatchObject({ id: practice.owner, email: 'Owner@Upgrade.Example', location: { id: practice.location } });
        // The references the practice held still hold, and still refuse another account's rows.
        await expect(
          upgraded.query(`update appointments set primary_provider_id = '${elsewhere.admin}' where id = '${practice.appointment}'`),
        ).rejects.toThrow(/foreign key/);
        expect((await call(ctx, api.getProfile)).statusCode).toBe(401);
      } finally {
        await app.close();
      }
    } finally {
      await upgraded.close();
    }
    // Two fresh databases migrated from nothing: slower than the suite's usual test on a busy machine.
  });
});

async function rowCounts(query: (text: string) => Promise<Record<string, unknown>[]>): Promise<Record<string, number>> {
  const tables = [
    'accounts',
    'locations',
    'users',
    'roles',
    'user_roles',
    'user_locations',
    'user_system_roles',
    'clients',
    'patients',
    'appointments',
    'sessions',
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = Number((await query(`select count(*)::int as n from ${table}`))[0]!.n);
  return counts;
}
