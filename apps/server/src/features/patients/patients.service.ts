import { CLIENT_ARCHIVED, PATIENT_CLIENT_ARCHIVED } from '@willow/contracts';
import type { Patient, PatientDetail, PatientWithClient } from '@willow/contracts';
import type { DeceasedInput, ListPatientsQuery, PatientInput } from '@willow/contracts';
import type { z } from 'zod';
import { together, type Db, type Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { patientsRepository, type PatientRow } from './patients.repository.js';

type Input = z.output<typeof PatientInput>;

/** A patient as answered, with its species and household names (one object literal: lists build one per row). */
const toPatient = (r: PatientRow, speciesName: string, clientName: string): PatientWithClient => ({
  id: r.id,
  clientId: r.clientId,
  locationId: r.locationId,
  name: r.name,
  speciesId: r.speciesId,
  speciesName,
  breed: r.breed,
  sex: r.sex as Patient['sex'],
  neutered: r.neutered,
  dateOfBirth: r.dateOfBirth,
  weightKg: r.weightKg,
  microchip: r.microchip,
  colour: r.colour,
  alerts: r.alerts,
  notes: r.notes,
  deceasedOn: r.deceasedOn,
  deceasedNote: r.deceasedNote,
  archivedAt: r.archivedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  clientName,
});

async function toPatients(ex: Executor, scope: Scope, rows: PatientRow[]): Promise<PatientWithClient[]> {
  const [speciesNames, clientNames] = await together(ex, [
    () =>
      patientsRepository.speciesNames(
        ex,
        rows.map((r) => r.speciesId),
      ),
    () =>
      patientsRepository.clientNames(
        ex,
        scope,
        rows.map((r) => r.clientId),
      ),
  ] as const);
  return rows.map((r) => toPatient(r, speciesNames.get(r.speciesId) ?? '', clientNames.get(r.clientId) ?? ''));
}

export const SPECIES_NOT_OFFERED = "speciesId: this species is not on the location's species list";

async function assertSpeciesOffered(ex: Executor, scope: Scope, locationId: string, speciesId: string) {
  const offered = (await locationsRepository.speciesOf(ex, scope, [locationId])).get(locationId) ?? [];
  if (!offered.some((s) => s.id === speciesId)) throw badRequest(SPECIES_NOT_OFFERED);
}

/** The client a patient is added to or moved to: of the account, and not archived (archived clients take no new patients). */
async function clientOf(ex: Executor, scope: Scope, clientId: string) {
  const client = await clientsRepository.findById(ex, scope, clientId);
  if (!client) throw badRequest('clientId: unknown client');
  if (client.archivedAt) throw badRequest(`clientId: ${CLIENT_ARCHIVED}`);
  return client;
}

type Query = z.output<typeof ListPatientsQuery>;

export class PatientsService extends TenantCrudService<
  typeof patientsRepository.table,
  PatientWithClient,
  Input,
  Partial<Input>,
  Query,
  PatientWithClient,
  never,
  ReturnType<typeof patientsRepository.listExtras>
> {
  constructor(
    db: Db,
    audit: AuditService,
    private readonly events: DomainEventBus,
  ) {
    super(db, audit, {
      entityType: 'patient',
      repository: patientsRepository,
      toEntities: toPatients,
      listOptions: (q) => patientsRepository.listOptions(q),
      paged: true,
      listExtras: patientsRepository.listExtras,
      toListItems: async (_ex, _scope, rows) => rows.map((r) => toPatient(r, r.speciesName, r.clientName)),
      listFilters: (q) => [
        [locationsRepository, q.locationId],
        [clientsRepository, q.clientId],
      ],
      prepareCreate: async (ex, scope, input) => {
        const client = await clientOf(ex, scope, input.clientId);
        await assertSpeciesOffered(ex, scope, client.locationId, input.speciesId);
        return { ...input, locationId: client.locationId };
      },
      preparePatch: async (ex, scope, input, existing) => {
        // The form sends the client again with every edit: only a move to another client is checked.
        const moving = input.clientId !== undefined && input.clientId !== existing.clientId;
        const locationId = moving ? (await clientOf(ex, scope, input.clientId!)).locationId : existing.locationId;
        // A species already recorded stays valid even if the location later drops it, but a
        // patient moving to another location's client must be of a species offered there.
        const speciesId = input.speciesId ?? existing.speciesId;
        if (speciesId !== existing.speciesId || locationId !== existing.locationId) {
          await assertSpeciesOffered(ex, scope, locationId, speciesId);
        }
        return { ...input, locationId };
      },
      // Only a patient without history is deleted for good; one with history is archived instead.
      // Each feature keeping records of a patient refuses with its own words (decision 0155).
      beforeRemove: async (ex, auth, existing) => {
        await events.publish(ex, auth, 'patient.deleting', { patientId: existing.id });
      },
      archive: {
        // Archived patients are out of the pickers: appointments refuse while a visit is still to come.
        beforeArchive: (ex, auth, existing, at) => events.publish(ex, auth, 'patient.archiving', { patientId: existing.id, at }).then(() => {}),
        beforeRestore: async (ex, auth, existing) => {
          // A patient back in the lists while the household is not would be booked without them.
          if ((await clientsRepository.findById(ex, auth, existing.clientId))?.archivedAt) throw conflict(PATIENT_CLIENT_ARCHIVED);
        },
      },
    });
    // The household follows its client: to another location, into the archive and back.
    events.on('client.moved', 'patients', (tx, scope, { clientId, locationId }) => patientsRepository.moveClientLocation(tx, scope, clientId, locationId));
    events.on('client.archiving', 'patients', async (tx, auth, { clientId, at }) => {
      const patients = await patientsRepository.archiveOfClient(tx, auth, clientId, at);
      // Each patient with a history entry of its own.
      await audit.record(
        tx,
        auth,
        patients.map((p) => ({ entityType: 'patient', entityId: p.id, action: 'archive' as const, before: p, after: { ...p, archivedAt: at } })),
      );
    });
    events.on('client.restoring', 'patients', async (tx, auth, { clientId, archivedAt }) => {
      // Only the patients archived with the client come back; one archived on its own before stays archived.
      const patients = await patientsRepository.restoreOfClient(tx, auth, clientId, archivedAt);
      await audit.record(
        tx,
        auth,
        patients.map((p) => ({ entityType: 'patient', entityId: p.id, action: 'restore' as const, before: p, after: { ...p, archivedAt: null } })),
      );
    });
  }

  /** The patient's page: whether a delete would be refused decides between Delete and Archive. */
  override async get(scope: Scope, id: string, ex: Executor = this.db): Promise<PatientDetail> {
    const patient = await super.get(scope, id, ex);
    const refusal = await this.events.refusal(ex, { accountId: scope.accountId, userId: null }, 'patient.deleting', { patientId: id });
    return { ...patient, hasHistory: refusal !== undefined };
  }

  async setDeceased(auth: AuthContext, id: string, input: z.output<typeof DeceasedInput>): Promise<PatientWithClient> {
    // A day's grace for time zones ahead of the server's.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    if (input.deceasedOn && input.deceasedOn > tomorrow) throw badRequest('deceasedOn: cannot be in the future');
    const cancelling = input.cancelAppointments;
    if (cancelling && !input.deceasedOn) throw badRequest('cancelAppointments: only with the date of death');
    return this.applyPatch(auth, id, async (tx) => {
      // One step with the record of death: the appointments chosen are all cancelled, or none (appointments subscribe).
      if (input.deceasedOn) {
        await this.events.publish(tx, auth, 'patient.died', {
          patientId: id,
          deceasedOn: input.deceasedOn,
          cancelAppointments: cancelling ? { ids: [...new Set(cancelling.ids)], reason: cancelling.reason } : null,
        });
      }
      return { deceasedOn: input.deceasedOn, deceasedNote: input.deceasedOn ? input.note : null };
    });
  }
}
