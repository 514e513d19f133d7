// The fixture feature's service: the CRUD kit's definition (which registers 'keepsake' with audit
// itself) and the subscriptions by which older features learn what it keeps: deleting a client or a
// patient it keeps keepsakes for is refused, in the delete's own transaction.
import type { z } from 'zod';
import type { Db } from '../../src/db/client.js';
import { TenantCrudService } from '../../src/platform/crud.js';
import type { DomainEventBus } from '../../src/platform/domain-events.js';
import { badRequest, conflict } from '../../src/platform/errors.js';
import type { Executor } from '../../src/db/client.js';
import type { Scope } from '../../src/platform/tenant-repository.js';
import type { AuditService } from '../../src/features/audit/index.js';
import { patientsRepository } from '../../src/features/patients/index.js';
import { KEEPSAKE_KEEPS_CLIENT, KEEPSAKE_KEEPS_PATIENT, type Keepsake, type KeepsakeInput, type KeepsakeQuery } from './keepsakes.contract.js';
import { keepsakeQueries, keepsakesRepository, type KeepsakeRow } from './keepsakes.repository.js';
import type { keepsakes } from './keepsakes.table.js';

type Input = z.output<typeof KeepsakeInput>;

const toKeepsake = (row: KeepsakeRow): Keepsake => ({ id: row.id, patientId: row.patientId, clientId: row.clientId, kind: row.kind, note: row.note });

/** The patient, of the account, decides the client. */
async function placeOf(ex: Executor, scope: Scope, patientId: string): Promise<{ patientId: string; clientId: string }> {
  const patient = await patientsRepository.findById(ex, scope, patientId);
  if (!patient) throw badRequest('patientId: unknown patient');
  return { patientId, clientId: patient.clientId };
}

export function keepsakesService(db: Db, audit: AuditService, events: DomainEventBus) {
  events.on('client.deleting', 'keepsakes', async (tx, caller, { clientId }) => {
    if (await keepsakeQueries.heldFor(tx, caller, { clientId })) throw conflict(KEEPSAKE_KEEPS_CLIENT);
  });
  events.on('patient.deleting', 'keepsakes', async (tx, caller, { patientId }) => {
    if (await keepsakeQueries.heldFor(tx, caller, { patientId })) throw conflict(KEEPSAKE_KEEPS_PATIENT);
  });
  return new TenantCrudService<typeof keepsakes, Keepsake, Input, Partial<Input>, z.output<typeof KeepsakeQuery>>(db, audit, {
    entityType: 'keepsake',
    repository: keepsakesRepository,
    toEntities: async (_ex, _scope, rows) => rows.map(toKeepsake),
    listOptions: (q) => keepsakeQueries.ofPatient(q.patientId),
    listFilters: (q) => [[patientsRepository, q.patientId]],
    prepareCreate: async (ex, scope, input) => ({ kind: input.kind, note: input.note ?? null, ...(await placeOf(ex, scope, input.patientId)) }),
    preparePatch: async (ex, scope, input) => ({
      ...(input.kind !== undefined && { kind: input.kind }),
      ...(input.note !== undefined && { note: input.note }),
      ...(input.patientId !== undefined && (await placeOf(ex, scope, input.patientId))),
    }),
  });
}
