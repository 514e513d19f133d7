import { MESSAGES, type Client, type ClientDetail, type ClientSummary } from '@willow/contracts';
import type { z } from 'zod';
import type { ClientInput as ClientInputZod, ListClientsQuery } from '@willow/contracts';
import type { Db, Executor } from '../../db/client.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { locationOwnership } from '../locations/index.js';
import { assertStaff } from '../users/index.js';
import { clientsRepository, type ClientListExtras, type ClientRow } from './clients.repository.js';

type Input = z.output<typeof ClientInputZod>;

export const toClient = (r: ClientRow): Client => ({
  id: r.id,
  locationId: r.locationId,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  alternatePhone: r.alternatePhone,
  address: r.address,
  notes: r.notes,
  primaryVeterinarianId: r.primaryVeterinarianId,
  archivedAt: r.archivedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

type Query = z.output<typeof ListClientsQuery>;

export class ClientsService extends TenantCrudService<
  typeof clientsRepository.table,
  Client,
  Input,
  Partial<Input>,
  Query,
  ClientSummary,
  never,
  ClientListExtras
> {
  constructor(
    db: Db,
    audit: AuditService,
    private readonly events: DomainEventBus,
    /** the household's patient count beside each client of the list: the patients feature's (decision 0173) */
    listExtras: (scope: Scope) => ClientListExtras,
  ) {
    super(db, audit, {
      entityType: 'client',
      repository: clientsRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toClient),
      listOptions: clientsRepository.listOptions,
      paged: true,
      listExtras,
      // The count is added to the client built for it: spreading a fresh object into another, once
      // per row, cost several times the building of it.
      toListItems: async (_ex, _scope, rows) =>
        rows.map((c) => {
          const item: ClientSummary = Object.assign(toClient(c), { patientCount: c.patientCount });
          return item;
        }),
      location: locationOwnership,
      prepareCreate: async (ex, scope, input) => {
        await assertStaff(ex, scope, input.primaryVeterinarianId, 'primaryVeterinarianId');
        return input;
      },
      preparePatch: async (ex, scope, input) => {
        await assertStaff(ex, scope, input.primaryVeterinarianId, 'primaryVeterinarianId');
        return input;
      },
      afterUpdate: async (ex, auth, before, after) => {
        // The client's patients and care records are kept per location too: they follow (patients, care subscribe).
        if (before.locationId !== after.locationId) await events.publish(ex, auth, 'client.moved', { clientId: after.id, locationId: after.locationId });
      },
      uniqueMessages: { clients_location_email_unique: MESSAGES.emailInUseAtLocation },
      // Only a client without history is deleted for good (with their patients, who have none
      // either: their records would name the client); one with history is archived instead. What
      // history is, each feature keeping records says for itself, refusing with its own words
      // (appointments, care, documents, the books, forms; decision 0155). The database refuses too.
      beforeRemove: async (ex, auth, existing) => {
        await events.publish(ex, auth, 'client.deleting', { clientId: existing.id });
      },
      archive: {
        // Appointments refuse while a visit is still to come; the household's patients go and come back with the client.
        beforeArchive: (ex, auth, existing, at) => events.publish(ex, auth, 'client.archiving', { clientId: existing.id, at }).then(() => {}),
        beforeRestore: (ex, auth, existing) => events.publish(ex, auth, 'client.restoring', { clientId: existing.id, archivedAt: existing.archivedAt! }).then(() => {}),
      },
    });
  }

  /** The client's page: whether a delete would be refused decides between Delete and Archive. */
  override async get(scope: Scope, id: string, ex: Executor = this.db): Promise<ClientDetail> {
    const client = await super.get(scope, id, ex);
    const refusal = await this.events.refusal(ex, { accountId: scope.accountId, userId: null }, 'client.deleting', { clientId: id });
    return { ...client, hasHistory: refusal !== undefined };
  }
}
