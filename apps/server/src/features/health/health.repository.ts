import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

export const healthRepository = {
  /** A round trip to the database: it answers. */
  async ping(ex: Executor): Promise<void> {
    await ex.execute(sql`select 1`);
  },
};
