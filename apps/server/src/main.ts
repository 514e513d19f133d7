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
  allowedOrigins: config.allowedOrigins,
  logger: { level: config.logLevel },
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
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
