import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { openStorage, type DocumentStorage } from './platform/document-storage.js';
import { outboxWorker } from './features/communications/outbox-worker.js';
import { EVENTS_CHANNEL } from './platform/domain-events.repository.js';
import { QueueWorker } from './platform/queue-worker.js';
import { ARCHIVE_CHANNEL } from './features/account-archive/account-archive.repository.js';
import { schedulerWorker } from './platform/schedules.js';
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { openDatabase, type Database } from './db/client.js';
import { appProcesses, superviseWorkers } from './processes.js';
import { seedDemo } from './seed/demo.js';
import { ensureDefaultPaymentTypes, ensureReferenceData } from './seed/reference-data.js';
import { resolveSecret } from './platform/tokens.js';
import { resolveEncryptionKey } from './platform/secret-box.js';

const started = performance.now();
const config = loadConfig();

/** The stored files' place, checked before anything else starts: a bucket that cannot be reached stops the start. */
async function openFiles(): Promise<DocumentStorage> {
  return openStorage(config.storage, config.dataDir).catch((err: Error) => {
    console.error(`Willow could not open its file storage: ${err.message}`);
    process.exit(1);
  });
}

async function open(opts: { migrate: boolean }): Promise<Database> {
  return openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, migrate: opts.migrate }).catch((err: Error) => {
    console.error(`Willow could not open its database: ${err.message}`);
    process.exit(1);
  });
}

/** Migrations, reference data and (on an empty database) the demo: once, before any request. */
async function prepare(database: Database): Promise<boolean> {
  await ensureReferenceData(database.db);
  const seeded = config.seedDemo ? await seedDemo(database.db) : false;
  await ensureDefaultPaymentTypes(database.db);
  return seeded;
}

async function serve(database: Database, storage: DocumentStorage, cfg: Config, seeded: boolean | undefined): Promise<void> {
  const app = await buildApp({
    db: database.db,
    storage,
    jwtSecret: resolveSecret(cfg.jwtSecret, cfg.dataDir),
    encryptionKey: resolveEncryptionKey(cfg.encryptionKey, cfg.dataDir),
    providers: cfg.providers,
    webDist: cfg.webDist,
    trustProxy: cfg.trustProxy,
    allowedOrigins: cfg.allowedOrigins,
    outbound: cfg.outbound,
    outboundAllowedNetworks: cfg.outboundAllowedNetworks,
    listen: database.listen,
    countQueries: cfg.countQueries,
    queryTexts: cfg.queryTexts,
    logger: { level: cfg.logLevel },
    mail: cfg.mail,
    googleClient: cfg.googleClient,
  });

  // Housekeeping (old sign-in failures and attempts, expired sessions, used booking-form tokens):
  // a scheduled job every 10 minutes, its occurrences kept in the database, so with several app
  // processes each occurrence runs in one of them (decision 0207).
  app.container.scheduler.every('housekeeping', { pattern: '*/10 * * * *', timeZone: 'UTC' }, () => app.container.housekeeping());
  // The automations' clock (decision 0213): every minute, in one process, each automation evaluated
  // on its locations' clocks; after downtime the run reaches back to the first minute it missed.
  app.container.scheduler.every('automations.clock', { pattern: '* * * * *', timeZone: 'UTC' }, (o) => app.container.automationClock.run(new Date(), o.dueAt).then(() => undefined));
  // Automations' due items go out once a minute: claimed FOR UPDATE SKIP LOCKED with a lease, so
  // with several processes each item is sent by one of them, once (decision 0211).
  app.container.scheduler.every('automations.send', { pattern: '* * * * *', timeZone: 'UTC' }, async () => {
    await app.container.automationSender.run();
  });
  // Account archives past their 7 days lose their file (decision 0275).
  app.container.scheduler.every('accountArchive.expire', { pattern: '*/15 * * * *', timeZone: 'UTC' }, async () => {
    await app.container.accountArchive.expire();
  });
  const scheduled = schedulerWorker(app.container.scheduler, {
    onError: (err) => app.log.warn({ err }, 'a scheduled job failed; it runs again at its next occurrence'),
  });
  await scheduled.start();

  // The outbox's worker: every process runs one; they share the queue through the database
  // (claims skip what another holds), woken by its notices and polling besides.
  const outbox = outboxWorker(app.container.outbox, {
    listen: database.listen,
    onError: (err) => app.log.warn({ err }, 'outbox delivery failed; it is tried again later'),
  });
  await outbox.start();
  // The domain events' durable deliveries: the same kind of worker on their own queue.
  const eventDeliveries = new QueueWorker(app.container.events, {
    listen: { channel: EVENTS_CHANNEL, on: database.listen },
    onError: (err) => app.log.warn({ err }, 'an event delivery failed; it is tried again later'),
  });
  await eventDeliveries.start();
  // The account archives' queue: one archive at a time per process, claimed with a lease, so a
  // process that dies mid-archive leaves it to another (decision 0273).
  const archives = new QueueWorker(app.container.accountArchive.source, {
    batch: 1,
    listen: { channel: ARCHIVE_CHANNEL, on: database.listen },
    onError: (err) => app.log.warn({ err }, 'an account archive failed; it is tried again later'),
  });
  await archives.start();

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    app.draining = true;
    try {
      // The messages and scheduled jobs in hand are finished; those claimed but not begun go back.
      await Promise.all([outbox.stop(), eventDeliveries.stop(), scheduled.stop(), archives.stop()]);
      await app.close();
    } finally {
      app.container.productMail.close();
      await database.close();
      app.log.info('database closed; bye');
      process.exit(0);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: cfg.port, host: cfg.host });
  database.maintain();
  if (cluster.isWorker) return;
  app.log.info(
    {
      database: database.kind === 'pglite' ? `embedded (${cfg.dataDir})` : 'postgres',
      seededDemo: seeded,
      startupMs: Math.round(performance.now() - started),
    },
    `Willow is ready on port ${cfg.port}`,
  );
}

if (cluster.isWorker) {
  // The primary prepared the database before starting the workers.
  await serve(await open({ migrate: false }), await openFiles(), config, undefined);
} else {
  const processes = appProcesses(config.webConcurrency, Boolean(config.databaseUrl), (m) => console.warn(m));
  // Checked in the primary too: a worker that cannot reach it would only be replaced again and again.
  const storage = await openFiles();
  const database = await open({ migrate: true });
  const seeded = await prepare(database);
  if (processes === 1) {
    await serve(database, storage, config, seeded);
  } else {
    await database.close();
    // Every process signs with the same secret and seals with the same key: resolve them (or
    // generate them into DATA_DIR) once, here.
    resolveSecret(config.jwtSecret, config.dataDir);
    resolveEncryptionKey(config.encryptionKey, config.dataDir);
    superviseWorkers(processes, (m) => console.log(m));
    console.log(
      JSON.stringify({ msg: `Willow is starting ${processes} app processes on port ${config.port}`, seededDemo: seeded, startupMs: Math.round(performance.now() - started) }),
    );
  }
}
