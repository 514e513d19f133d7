// The large seed's vaccinations: one yearly booster per living patient, given in the year before
// and due from two months ago to ten months ahead, so every day has its few hundred boosters due
// across the locations (what a day's vaccination reminders queue; bench:automations). The same for
// the same seed, dated from the day it runs.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { addDays } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { vaccinationsRepository } from '../features/care/care.repository.js';
import { patientsRepository } from '../features/patients/patients.repository.js';
import type { Scope } from '../platform/tenant-repository.js';
import { pick, prng, VACCINES } from './names.js';

const PAGE = 10_000;

export async function seedLargeVaccinations(db: Db, scope: Scope, opts: { seed: number }, log: (msg: string) => void): Promise<void> {
  const t0 = performance.now();
  const rand = prng(opts.seed + 47);
  const today = new Date().toISOString().slice(0, 10);
  let made = 0;
  for (let offset = 0; ; offset += PAGE) {
    const pets = await patientsRepository.list(db, scope, { orderBy: [patientsRepository.table.id], limit: PAGE, offset });
    if (pets.length === 0) break;
    const rows = pets
      .filter((p) => !p.deceasedOn)
      .map((p) => {
        const due = addDays(today, -60 + Math.floor(rand() * 360));
        return {
          locationId: p.locationId,
          patientId: p.id,
          clientId: p.clientId,
          vaccine: pick(rand, VACCINES),
          givenOn: addDays(due, -365),
          nextDueOn: due,
        };
      });
    for (let i = 0; i < rows.length; i += 2000) await vaccinationsRepository.insertMany(db, scope, rows.slice(i, i + 2000));
    made += rows.length;
  }
  await db.execute(sql`vacuum (analyze) vaccinations`);
  log(`vaccinations: ${made.toLocaleString('en-US')} in ${Math.round((performance.now() - t0) / 1000)} s`);
}
