// One app process against two on the PostgreSQL server (WEB_CONCURRENCY, decision 0062): the
// client list and the calendar week at 50 concurrent requests on the large seed, the same
// requests against each, in one run.
//   npm run build && npm run bench:processes [-- --requests 1000 --warmup 1000]
// Seeds like bench:clients and bench:calendar (BENCH_DATABASE_URL, default willow_bench).
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { addDays, localDate, localDateTimeToInstant, weekdayOf } from '@willow/contracts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { LARGE_OWNER, LARGE_PASSWORD, seedLarge } from '../apps/server/src/seed/large.js';
import { arg, ensurePgDatabase, httpClient, measured, ms, signIn, startServer, type LoadResult } from './load.js';

const REQUESTS = Number(arg('requests', '1000'));
const CONCURRENCY = 50;
const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/willow_bench';
const dataDir = resolve('.bench', 'pg-data');
mkdirSync(dataDir, { recursive: true });
await ensurePgDatabase(url);
{
  const db = await openDatabase({ dataDir, databaseUrl: url });
  try {
    await seedLarge(db.db, { seed: 1, clients: 100_000, patients: 150_000, locations: 10, appointments: 500_000 }, (m) => console.log(`  seed: ${m}`));
    await db.db.execute(sql`vacuum (analyze)`);
  } finally {
    await db.close();
  }
}

async function measure(processes: number): Promise<Record<string, LoadResult>> {
  const server = await startServer({ dataDir, databaseUrl: url, env: { WEB_CONCURRENCY: String(processes) } });
  try {
    const { cookie } = await signIn(server.base, LARGE_OWNER, LARGE_PASSWORD);
    const locations = (await (await fetch(`${server.base}/api/location`, { headers: { cookie } })).json()) as { id: string; timezone: string }[];
    const location = locations[0]!;
    const today = localDate(new Date(), location.timezone);
    const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
    const weeks = Array.from({ length: 104 }, (_, k) => {
      const from = addDays(monday, (((k * 37) % 104) - 52) * 7);
      return `startDate=${localDateTimeToInstant(from, 0, location.timezone).toISOString()}&endDate=${localDateTimeToInstant(addDays(from, 7), 0, location.timezone).toISOString()}`;
    });
    const client = httpClient(server.base, cookie);
    const get = (path: (run: number) => string) => async (run: number) => {
      const res = await client(path(run));
      if (res.status !== 200) throw new Error(`${path(run)}: ${res.status}`);
    };
    const clientList = get(() => `/api/client?locationId=${location.id}&limit=50`);
    const week = get((run) => `/api/appointment?locationId=${location.id}&${weeks[run % weeks.length]}&limit=5000`);
    // Each measured run follows as many untimed ones: every process warm, the load's connections open.
    return {
      'client list': await measured(clientList, REQUESTS, CONCURRENCY),
      'calendar week': await measured(week, REQUESTS, CONCURRENCY),
    };
  } finally {
    await server.stop();
  }
}

const one = await measure(1);
const two = await measure(2);
console.log(`[PostgreSQL] ${REQUESTS} requests per endpoint, ${CONCURRENCY} concurrent, WEB_CONCURRENCY 1 and 2`);
console.log('endpoint        | 1 p50    | 1 p99    | 1 req/s | 2 p50    | 2 p99    | 2 req/s | throughput ×');
for (const name of Object.keys(one)) {
  const a = one[name]!;
  const b = two[name]!;
  console.log(
    `${name.padEnd(15)} | ${ms(a.p50).padStart(8)} | ${ms(a.p99).padStart(8)} | ${a.perSecond.toFixed(0).padStart(7)} | ${ms(b.p50).padStart(8)} | ${ms(b.p99).padStart(8)} | ${b.perSecond.toFixed(0).padStart(7)} | ${(b.perSecond / a.perSecond).toFixed(2).padStart(11)}×`,
  );
}
