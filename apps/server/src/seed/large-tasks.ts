// The large seed's tasks: 20,000 unless said, spread over the locations as their patients are,
// a third of them done, a few deleted; open ones due from a month ago to a month ahead (some
// without a date), each assigned to a person (the staff and the owner), a role, or no one, and
// most about a client and their pet. The same for the same seed, dated from the day it runs.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { TASK_PRIORITIES } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { patientsRepository } from '../features/patients/patients.repository.js';
import { rolesRepository } from '../features/roles/roles.repository.js';
import { tasksRepository } from '../features/tasks/tasks.repository.js';
import { usersRepository } from '../features/users/users.repository.js';
import type { NewRow, Scope } from '../platform/tenant-repository.js';
import type { tasks } from '../features/tasks/tasks.table.js';
import { pick, prng } from './names.js';

const TITLES = [
  'Call the family back about the ashes',
  'Order the urn',
  'Chase the lab results',
  'Send a sympathy card',
  'Confirm the cremation collection',
  'Book the follow-up visit',
  'Return the paw-print kit to stock',
  'Email the referral letter',
  'Check the invoice was paid',
  'Arrange the home visit',
];
const DAY_MS = 86_400_000;

export async function seedLargeTasks(db: Db, scope: Scope, opts: { seed: number; tasks: number }, log: (msg: string) => void): Promise<void> {
  const t0 = performance.now();
  const rand = prng(opts.seed + 31);
  const people = (await usersRepository.list(db, scope, {})).map((u) => u.id);
  const roleIds = (await rolesRepository.list(db, scope, {})).map((r) => r.id);
  // Tasks are about pets at their own location: their patients, which carry both.
  const pets = await patientsRepository.list(db, scope, { limit: Math.min(opts.tasks, 50_000) });
  if (pets.length === 0 || people.length === 0) return;
  const now = Date.now();
  const BATCH = 2000;
  let made = 0;
  while (made < opts.tasks) {
    const n = Math.min(BATCH, opts.tasks - made);
    const rows: NewRow<typeof tasks>[] = Array.from({ length: n }, () => {
      const pet = pick(rand, pets);
      const who = rand();
      const done = rand() < 0.33;
      const due = rand() < 0.85 ? new Date(now + Math.round((rand() * 60 - 30) * DAY_MS)) : null;
      const about = rand();
      return {
        locationId: pet.locationId,
        title: pick(rand, TITLES),
        notes: rand() < 0.3 ? 'Spoke to them on the phone; they asked for a call before noon.' : null,
        dueAt: due,
        priority: pick(rand, TASK_PRIORITIES),
        assignedToId: who < 0.45 ? pick(rand, people) : null,
        assignedRoleId: who >= 0.45 && who < 0.75 ? pick(rand, roleIds) : null,
        clientId: about < 0.7 ? pet.clientId : null,
        patientId: about < 0.4 ? pet.id : null,
        completedAt: done ? new Date(now - Math.round(rand() * 60 * DAY_MS)) : null,
        completedById: done ? pick(rand, people) : null,
        deletedAt: rand() < 0.02 ? new Date(now - DAY_MS) : null,
        createdById: pick(rand, people),
      };
    });
    await tasksRepository.insertMany(db, scope, rows);
    made += n;
  }
  await db.execute(sql`vacuum (analyze) tasks`);
  log(`tasks: ${made.toLocaleString('en-US')} in ${Math.round((performance.now() - t0) / 1000)} s`);
}
