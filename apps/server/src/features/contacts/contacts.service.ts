import { MERGEABLE_CONTACT_FIELDS, type Contact, type ContactMerge } from '@willow/contracts';
import type { ContactInput, MergeContactsInput } from '@willow/contracts';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { TenantCrudService } from '../../platform/crud.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { contactsRepository, type ContactMergeRow, type ContactRow } from './contacts.repository.js';

type Input = z.output<typeof ContactInput>;
type Query = { search?: string | undefined; category?: string | undefined; clientId?: string | undefined };

const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  name: r.name,
  organisation: r.organisation,
  category: r.category as Contact['category'],
  email: r.email,
  phone: r.phone,
  address: r.address,
  notes: r.notes,
  clientId: r.clientId,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

async function assertClient(ex: Executor, scope: Scope, clientId: string | null | undefined) {
  if (clientId && !(await clientsRepository.findById(ex, scope, clientId))) throw badRequest('clientId: unknown client');
}

export class ContactsService extends TenantCrudService<typeof contactsRepository.table, Contact, Input, Partial<Input>, Query> {
  constructor(db: Db, audit: AuditService) {
    super(db, audit, {
      entityType: 'contact',
      repository: contactsRepository,
      toEntities: async (_ex, _scope, rows) => rows.map(toContact),
      listOptions: (q) => contactsRepository.liveListOptions(q),
      listFilters: (q) => [[clientsRepository, q.clientId]],
      prepareCreate: async (ex, scope, input) => (await assertClient(ex, scope, input.clientId), input),
      preparePatch: async (ex, scope, input, existing) => {
        if (existing.mergedIntoId) throw notFound();
        await assertClient(ex, scope, input.clientId);
        return input;
      },
    });
  }

  /** A contact merged away is hidden until its merge is undone, so it cannot be deleted either. */
  override async remove(auth: AuthContext, id: string): Promise<void> {
    const existing = await contactsRepository.findById(this.db, auth, id);
    if (!existing || existing.mergedIntoId) throw notFound();
    await super.remove(auth, id);
  }

  private async toMerge(scope: Scope, row: ContactMergeRow): Promise<ContactMerge> {
    const merged = await contactsRepository.byIds(this.db, scope, row.mergedIds);
    return {
      id: row.id,
      survivorId: row.survivorId,
      mergedIds: row.mergedIds,
      mergedNames: row.mergedIds.map((id) => merged.find((m) => m.id === id)?.name ?? 'Deleted contact'),
      movedReferences: row.movedReferences.length,
      createdAt: row.createdAt.toISOString(),
      undoneAt: row.undoneAt?.toISOString() ?? null,
    };
  }

  async merges(auth: AuthContext): Promise<ContactMerge[]> {
    const rows = await contactsRepository.listMerges(this.db, auth);
    return Promise.all(rows.map((r) => this.toMerge(auth, r)));
  }

  /**
   * One transaction: the survivor takes the chosen fields, every reference to the merged
   * contacts moves to it, and the merged contacts are hidden (kept, so the merge can be undone).
   */
  async merge(auth: AuthContext, input: z.output<typeof MergeContactsInput>) {
    const mergedIds = [...new Set(input.mergedIds)];
    if (mergedIds.includes(input.survivorId)) throw badRequest('mergedIds: cannot include the surviving contact');
    const row = await this.write(async (tx) => {
      const all = await contactsRepository.byIds(tx, auth, [input.survivorId, ...mergedIds]);
      const live = all.filter((c) => !c.mergedIntoId);
      const survivor = live.find((c) => c.id === input.survivorId);
      if (!survivor || live.length !== mergedIds.length + 1) throw notFound();
      const patch: Partial<Record<(typeof MERGEABLE_CONTACT_FIELDS)[number], unknown>> = {};
      for (const [field, sourceId] of Object.entries(input.fields) as [(typeof MERGEABLE_CONTACT_FIELDS)[number], string][]) {
        const source = live.find((c) => c.id === sourceId);
        if (!source) throw badRequest(`fields.${field}: must name one of the contacts being merged`);
        patch[field] = source[field];
      }
      const updated = await contactsRepository.update(tx, auth, survivor.id, patch as never);
      const movedReferences = await contactsRepository.moveReferences(tx, auth, mergedIds, survivor.id);
      await contactsRepository.setMergedInto(tx, auth, mergedIds, survivor.id);
      const merge = await contactsRepository.insertMerge(tx, auth, {
        survivorId: survivor.id,
        mergedIds,
        survivorBefore: pickMergeable(survivor),
        movedReferences,
        createdById: auth.userId,
      });
      await this.audit.record(tx, auth, [
        { entityType: 'contact', entityId: survivor.id, action: 'merge', before: survivor, after: { ...updated, mergedFrom: mergedIds } },
        ...live
          .filter((c) => c.id !== survivor.id)
          .map((c) => ({ entityType: 'contact', entityId: c.id, action: 'merge' as const, before: c, after: { ...c, mergedIntoId: survivor.id } })),
      ]);
      return { merge, survivor: updated! };
    });
    return { merge: await this.toMerge(auth, row.merge), survivor: toContact(row.survivor) };
  }

  /** Restores the merged contacts, the survivor's own fields and every reference that moved. */
  async undoMerge(auth: AuthContext, id: string): Promise<ContactMerge> {
    const row = await this.write(async (tx) => {
      const merge = await contactsRepository.findMerge(tx, auth, id);
      if (!merge) throw notFound();
      if (merge.undoneAt) throw badRequest('This merge has already been undone');
      const survivor = await contactsRepository.findById(tx, auth, merge.survivorId);
      if (!survivor) throw badRequest('The surviving contact has been deleted, so this merge cannot be undone');
      if (survivor.mergedIntoId) throw badRequest('The surviving contact was merged again since; undo that merge first');
      const restored = await contactsRepository.update(tx, auth, survivor.id, merge.survivorBefore as never);
      await contactsRepository.restoreReferences(tx, auth, merge.movedReferences, survivor.id);
      await contactsRepository.setMergedInto(tx, auth, merge.mergedIds, null);
      await this.audit.record(tx, auth, [
        { entityType: 'contact', entityId: survivor.id, action: 'unmerge', before: survivor, after: restored! },
        ...merge.mergedIds.map((mid) => ({
          entityType: 'contact',
          entityId: mid,
          action: 'unmerge' as const,
          before: { mergedIntoId: survivor.id },
          after: { mergedIntoId: null },
        })),
      ]);
      return contactsRepository.markUndone(tx, auth, id);
    });
    return this.toMerge(auth, row);
  }
}

function pickMergeable(c: ContactRow): Record<string, unknown> {
  return Object.fromEntries(MERGEABLE_CONTACT_FIELDS.map((f) => [f, c[f]]));
}
