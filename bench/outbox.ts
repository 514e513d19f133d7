// Outbox throughput to a local SMTP server (smtp-server on loopback, AUTH checked): a location's
// emails queued in one transaction, then delivered by one worker and by two (each with its own
// database connections, as two app processes), on PGlite and on PostgreSQL. Messages a second.
//   npm run bench:outbox [-- --messages 1000 --only pglite|postgres]
// PostgreSQL: BENCH_OUTBOX_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/willow_bench_outbox, created if missing).
import { DomainEventBus } from '../apps/server/src/platform/domain-events.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase, type Database } from '../apps/server/src/db/client.js';
import { seedAccounts } from '../apps/server/src/seed/seed-accounts.js';
import { CommunicationsService } from '../apps/server/src/features/communications/communications.service.js';
import { OutboxDelivery } from '../apps/server/src/features/communications/outbox-delivery.service.js';
import { outboxWorker } from '../apps/server/src/features/communications/outbox-worker.js';
import { ProductMailer } from '../apps/server/src/features/product-mail/product-mail.service.js';
import { IntegrationsService } from '../apps/server/src/features/integrations/integrations.service.js';
import { locationsRepository } from '../apps/server/src/features/locations/locations.repository.js';
import { OutboundGuard } from '../apps/server/src/platform/outbound-address.js';
import { DEFAULT_PROVIDERS } from '../apps/server/src/platform/providers.js';
import { SecretBox } from '../apps/server/src/platform/secret-box.js';
import { ensureReferenceData } from '../apps/server/src/seed/reference-data.js';
import { startFakeSmtp, type FakeSmtp } from '../apps/server/test/fakes/fake-smtp.js';
import { arg, ensurePgDatabase } from './load.js';

const MESSAGES = Number(arg('messages', '1000'));
const only = arg('only', 'both');
const KEY = randomBytes(32);
const SMTP_USER = { name: 'bench', password: 'bench-secret' };

interface Setup {
  label: string;
  open(): Promise<Database>;
  /** each worker on its own connections (PostgreSQL), or the one embedded database */
  separate: boolean;
  cleanup(): Promise<void>;
}

function services(db: Database) {
  // The bench's mail server listens on loopback, which a location's SMTP host reaches only when allowed.
  const outboundGuard = new OutboundGuard(['loopback']);
  const integrations = new IntegrationsService(db.db, new SecretBox(KEY), DEFAULT_PROVIDERS, outboundGuard, new DomainEventBus(db.db));
  const communications = new CommunicationsService(db.db, integrations);
  const outbox = new OutboxDelivery(db.db, {
    integrations,
    outboundGuard,
    endpoints: { sendgridApiUrl: 'http://127.0.0.1:9', twilioApiUrl: 'http://127.0.0.1:9', publicUrl: undefined },
    productMail: new ProductMailer({}, 'http://127.0.0.1:9'),
  });
  return { integrations, communications, outbox };
}

/** A practice whose location sends through the local SMTP server. */
async function practice(db: Database, smtp: FakeSmtp) {
  await ensureReferenceData(db.db);
  const account = await seedAccounts(db.db).accounts.create({
    name: `Bench ${randomBytes(4).toString('hex')}`,
    subscriptionTier: 'premium',
    owner: { firstName: 'Bea', lastName: 'Bench', email: `bench-${randomBytes(6).toString('hex')}@bench.test`, password: 'correct-horse-battery' },
    location: { name: 'Bench Clinic', timezone: 'America/New_York' },
  });
  const scope = { accountId: account.id };
  const [location] = await locationsRepository.listSorted(db.db, scope, {});
  await services(db).integrations.create(scope, {
    locationId: location!.id,
    service: 'smtp',
    publicKey: SMTP_USER.name,
    privateKey: SMTP_USER.password,
    settings: { host: '127.0.0.1', port: smtp.port, security: 'none', fromEmail: 'front@bench.test', fromName: null },
  } as never);
  return { scope, locationId: location!.id };
}

async function run(setup: Setup, smtp: FakeSmtp, workers: number): Promise<number> {
  const primary = await setup.open();
  const extra: Database[] = [];
  try {
    const { scope, locationId } = await practice(primary, smtp);
    const { communications } = services(primary);
    await primary.db.transaction(async (tx) => {
      for (let i = 0; i < MESSAGES; i++) {
        await communications.enqueue(tx, scope, { locationId, channel: 'email', to: `client${i}@example.test`, subject: `Reminder ${i}`, body: 'Bella is due for her booster.' });
      }
    });
    const before = smtp.delivered.length;
    const dbs = [primary];
    for (let i = 1; i < workers; i++) {
      if (setup.separate) {
        const db = await setup.open();
        extra.push(db);
        dbs.push(db);
      } else dbs.push(primary);
    }
    const running = dbs.map((db) => outboxWorker(services(db).outbox, { listen: db.listen, pollMs: 1000, batch: Number(arg('batch', '10')) }));
    const start = performance.now();
    await Promise.all(running.map((w) => w.start()));
    while (smtp.delivered.length - before < MESSAGES) await new Promise((r) => setTimeout(r, 5));
    const seconds = (performance.now() - start) / 1000;
    await Promise.all(running.map((w) => w.stop()));
    const handed = smtp.messages.length;
    if (handed - before !== MESSAGES) console.warn(`  (${handed - before - MESSAGES} handed to the server more than once)`);
    return MESSAGES / seconds;
  } finally {
    for (const db of extra) await db.close();
    await primary.close();
  }
}

async function main() {
  const smtp = await startFakeSmtp({ [SMTP_USER.name]: SMTP_USER.password });
  const setups: Setup[] = [];
  if (only !== 'postgres') {
    const dir = mkdtempSync(join(tmpdir(), 'willow-bench-outbox-'));
    setups.push({
      label: 'PGlite',
      // A fresh folder each run (the embedded database is one process, one connection).
      open: () => openDatabase({ dataDir: dir }),
      separate: false,
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    });
  }
  if (only !== 'pglite') {
    const url = process.env.BENCH_OUTBOX_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/willow_bench_outbox';
    await ensurePgDatabase(url);
    setups.push({ label: 'PostgreSQL', open: () => openDatabase({ dataDir: '', databaseUrl: url }), separate: true, cleanup: async () => {} });
  }
  console.log(`Outbox throughput: ${MESSAGES} location emails each run, to smtp-server on loopback (AUTH, a connection per message)`);
  const rows: string[] = [];
  try {
    for (const setup of setups) {
      for (const workers of [1, 2]) {
        const rate = await run(setup, smtp, workers);
        rows.push(`| ${setup.label} | ${workers} | ${rate.toFixed(0)} |`);
        console.log(`  ${setup.label}, ${workers} worker${workers > 1 ? 's' : ''}: ${rate.toFixed(0)} messages/s`);
      }
      await setup.cleanup();
    }
  } finally {
    await smtp.close();
  }
  console.log(['', '| database | workers | messages/s |', '|---|---|---|', ...rows].join('\n'));
}

await main();
