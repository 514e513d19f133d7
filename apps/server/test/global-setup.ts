// Migrates one template database per run; every test file starts from a copy of it
// (a PGlite data image, or CREATE DATABASE … TEMPLATE on a PostgreSQL server). The demo's
// template is made from it by the first file that needs it (harness.ts), in the run's directory.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { ensureReferenceData } from '../src/seed/reference-data.js';
import { adminUrl, withDatabase } from './pg-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteImage: string;
    pgTemplateUrl: string;
    /** this run's own directory: the demo template (or its database's address) and its lock */
    testRunDir: string;
  }
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  const dir = mkdtempSync(join(tmpdir(), 'willow-test-'));
  project.provide('testRunDir', dir);
  if (url) {
    const name = `willow_tpl_${randomBytes(6).toString('hex')}`;
    const pg = await import('pg');
    const admin = new pg.default.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const templateUrl = withDatabase(url, name);
    const db = await openDatabase({ dataDir: '', databaseUrl: templateUrl });
    await ensureReferenceData(db.db);
    await db.close();
    project.provide('pgTemplateUrl', templateUrl);
    project.provide('pgliteImage', '');
    return async () => {
      // The demo's template and the databases the workers kept (kept-databases.ts) are named after it.
      const copies = await admin.query<{ name: string }>(`select datname as name from pg_database where datname like '${name}\\_%'`);
      for (const copy of copies.rows) await admin.query(`drop database if exists ${copy.name} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const db = await openDatabase({ dataDir: dir, inMemory: true });
  await ensureReferenceData(db.db);
  const { PGlite } = await import('@electric-sql/pglite');
  void PGlite;
  const client = (db.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const image = await client.dumpDataDir('none');
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await image.arrayBuffer()));
  await db.close();
  project.provide('pgliteImage', file);
  project.provide('pgTemplateUrl', '');
  return () => rmSync(dir, { recursive: true, force: true });
}
