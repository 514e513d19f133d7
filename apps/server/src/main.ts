import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { DiskStorage } from './features/documents/document-storage.js';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './db/client.js';
import { seedDemo } from './seed/demo.js';
import { ensureReferenceData } from './seed/reference-data.js';
import { resolveSecret } from './platform/tokens.js';

const started = performance.now();
const config = loadConfig();
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }).catch((err: Error) => {
  console.error(`Willow could not open its database: ${err.message}`);
  process.exit(1);
});
await ensureReferenceData(database.db);
const seeded = config.seedDemo ? await seedDemo(database.db) : false;

const app = await buildApp({
  db: database.db,
  storage: new DiskStorage(join(config.dataDir, 'documents')),
  jwtSecret: resolveSecret(config.jwtSecret, config.dataDir),
  webDist: config.webDist,
  trustProxy: config.trustProxy,
  logger: { level: config.logLevel },
});

// Housekeeping (old sign-in failures and attempts, expired sessions, used booking-form tokens):
// soon after start and then every 10 minutes; never keeps the process alive.
const HOUSEKEEPING_MS = 10 * 60 * 1000;
const housekeeping = () =>
  app.container.housekeeping().catch((err: unknown) => {
    app.log.warn({ err }, 'housekeeping failed; it runs again later');
  });
const housekeepingStart = setTimeout(() => void housekeeping(), 30_000).unref();
const housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS).unref();

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  clearTimeout(housekeepingStart);
  clearInterval(housekeepingTimer);
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  app.draining = true;
  try {
    await app.close();
  } finally {
    await database.close();
    app.log.info('database closed; bye');
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  {
    database: database.kind === 'pglite' ? `embedded (${config.dataDir})` : 'postgres',
    seededDemo: seeded,
    startupMs: Math.round(performance.now() - started),
  },
  `Willow is ready on port ${config.port}`,
);
