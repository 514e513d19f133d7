import { describe, expect, inject, it, vi } from 'vitest';
import { imageBlob } from '../../test/harness.js';
import { openDatabase } from './client.js';

describe.skipIf(Boolean(process.env.DATABASE_URL))('the embedded database’s upkeep', () => {
  it('refreshes the planner’s statistics once the server asks (maintain), not while it starts', async () => {
    const database = await openDatabase({ dataDir: '', inMemory: true, pgliteImage: imageBlob(inject('pgliteImage')), migrate: false });
    try {
      await database.query('create table counted (n int)');
      await database.query('insert into counted select generate_series(1, 1000)');
      const analyzed = async () =>
        (await database.query<{ at: string | null }>(`select last_analyze as at from pg_stat_user_tables where relname = 'counted'`))[0]?.at ?? null;
      expect(await analyzed()).toBeNull();
      database.maintain();
      database.maintain(); // asked again (a second listen): still one upkeep
      await vi.waitFor(async () => expect(await analyzed()).not.toBeNull(), { interval: 200 });
    } finally {
      await database.close();
    }
  });
});
