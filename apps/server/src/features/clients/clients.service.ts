import { MESSAGES, type Client, type ClientSummary } from '@willow/contracts';
import type { z } from 'zod';
import type { ClientInput as ClientInputZod, ListClientsQuery } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import type { AuditService } from '../audit/audit.service.js';
import { careRepository } from '../care/care.repository.js';
import type { DocumentStorage } from '../documents/document-storage.js';
import { documentsRepository } from '../documents/documents.repository.js';
import { locationOwnership } from '../locations/locations.service.js';
import { patientsRepository } from '../patients/patients.repository.js';
import { assertStaff } from '../users/users.service.js';
import { clientsRepository, type ClientRow } from './clients.repository.js';

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
  typeof clientsRepository.listExtras
> {
  constructor(
    db: Db,
    audit: AuditService,
    private readonly storage: DocumentStorage,
  ) {
    super(db, audit, {
      entityType: 'client',
      repository: clientsRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toClient),
      listOptions: clientsRepository.listOptions,
      paged: true,
      listExtras: clientsRepository.listExtras,
      toListItems: async (_ex, _scope, rows) => rows.map((c) => ({ ...toClient(c), patientCount: c.patientCount })),
      location: locationOwnership,
      prepareCreate: async (ex, scope, input) => {
        await assertStaff(ex, scope, input.primaryVeterinarianId, 'primaryVeterinarianId');
        return input;
      },
      preparePatch: async (ex, scope, input) => {
        await assertStaff(ex, scope, input.primaryVeterinarianId, 'primaryVeterinarianId');
        return input;
      },
      afterUpdate: async (ex, scope, before, after) => {
        if (before.locationId === after.locationId) return;
        await patientsRepository.moveClientLocation(ex, scope, after.id, after.locationId);
        await careRepository.moveClientLocation(ex, scope, after.id, after.locationId);
      },
      uniqueMessages: { clients_location_email_unique: MESSAGES.emailInUseAtLocation },
    });
  }

  /** Deleting a client removes their patients and records with them, and their files. */
  override async remove(auth: AuthContext, id: string): Promise<void> {
    const keys = await documentsRepository.storageKeysOfClient(this.db, auth, id);
    await super.remove(auth, id);
    await Promise.all(keys.map((k) => this.storage.delete(k).catch(() => undefined)));
  }
}
