import { localDate, localDateTimeToInstant } from '@willow/contracts';
import type { Db } from '../db/client.js';
import { patientsRepository } from '../features/patients/patients.repository.js';
import { tasksRepository } from '../features/tasks/tasks.repository.js';
import type { Scope } from '../platform/tenant-repository.js';

const DAY_MS = 86_400_000;

/** 'HH:MM' `days` from today where the location is. */
const localTime = (timezone: string, days: number, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return localDateTimeToInstant(localDate(Date.now() + days * DAY_MS, timezone), h * 60 + m, timezone);
};

export interface DemoTaskLocation {
  locationId: string;
  timezone: string;
  /** the location's first clients: the first one's first pet died recently (demo-clinical.ts) */
  clients: { id: string; lastName: string }[];
  createdById: string;
  people: { vet: string; assistant: string | null; desk: string };
  roles: { frontDesk: string; veterinarian: string };
}

/**
 * The front desk's small promises at the demo's first location (one overdue, some today, one done)
 * and one at the second: some a person's, some a role's (everyone holding it sees them), linked to
 * the family and pet they are about.
 */
export async function seedDemoTasks(db: Db, scope: Scope, first: DemoTaskLocation, second: DemoTaskLocation): Promise<void> {
  const [bereaved, other] = first.clients;
  const pets = bereaved ? await patientsRepository.list(db, scope, patientsRepository.listOptions({ clientId: bereaved.id })) : [];
  const lost = pets.find((p) => p.deceasedOn) ?? pets[0];
  const at = (days: number, hhmm: string) => localTime(first.timezone, days, hhmm);
  const base = { locationId: first.locationId, createdById: first.createdById };
  await tasksRepository.insertMany(db, scope, [
    {
      ...base,
      title: `Call the ${bereaved?.lastName ?? 'Smith'} family back about the ashes`,
      notes: 'They would like to collect on Saturday morning if possible.',
      dueAt: new Date(Date.now() - 2 * 3_600_000),
      priority: 'high',
      assignedRoleId: first.roles.frontDesk,
      clientId: bereaved?.id ?? null,
      patientId: lost?.id ?? null,
    },
    {
      ...base,
      title: 'Order the walnut urn (engraved)',
      notes: `Engraving: "${lost?.name ?? 'Max'} — always by our side"`,
      dueAt: at(1, '12:00'),
      assignedToId: first.people.assistant ?? first.people.desk,
      clientId: bereaved?.id ?? null,
      patientId: lost?.id ?? null,
    },
    {
      ...base,
      title: 'Chase the lab results (bloods from Tuesday)',
      dueAt: at(0, '16:00'),
      priority: 'high',
      assignedToId: first.people.vet,
      clientId: other?.id ?? null,
    },
    {
      ...base,
      title: 'Send a sympathy card',
      dueAt: at(2, '10:00'),
      priority: 'low',
      assignedRoleId: first.roles.frontDesk,
      clientId: bereaved?.id ?? null,
    },
    { ...base, title: 'Confirm the cremation collection with Evergreen', dueAt: at(1, '15:00') },
    { ...base, title: 'Review the controlled drugs log', assignedRoleId: first.roles.veterinarian },
    {
      ...base,
      title: 'Return the paw-print kit to stock',
      dueAt: at(-1, '17:00'),
      priority: 'low',
      assignedToId: first.people.assistant ?? first.people.desk,
      completedAt: at(-1, '16:20'),
      completedById: first.people.assistant ?? first.people.desk,
    },
    {
      locationId: second.locationId,
      createdById: second.createdById,
      title: 'Book the farrier for the stables visit',
      dueAt: localTime(second.timezone, 3, '09:00'),
      assignedToId: second.people.desk,
      clientId: second.clients[0]?.id ?? null,
    },
  ]);
}
