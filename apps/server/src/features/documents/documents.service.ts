// Security-critical: documents are only ever read through the authorised download route; an id
// of another account, or an unknown one, answers the same 404 message.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { CLIENT_HAS_HISTORY, DOCUMENT_MESSAGES, DOCUMENT_TYPES, PATIENT_HAS_HISTORY, type Document } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import type { DomainEventBus } from '../../platform/domain-events.js';
import { badRequest, conflict, HttpError } from '../../platform/errors.js';
import { assertFiltersVisible } from '../../platform/list-filters.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import { clientsRepository } from '../clients/index.js';
import { contactsRepository, referToContacts } from '../contacts/index.js';
import { patientsRepository } from '../patients/index.js';
import { usersRepository } from '../users/index.js';
import { sniffContentType, type DocumentStorage } from '../../platform/document-storage.js';
import type { UploadFile } from '../../platform/upload-body.js';
import { documentsRepository, type DocumentRow } from './documents.repository.js';
import { documents } from './documents.table.js';

export const documentNotFound = () => new HttpError(404, DOCUMENT_MESSAGES.notFound);

const toDocument = (r: DocumentRow): Document => ({
  id: r.id,
  clientId: r.clientId,
  patientId: r.patientId,
  contactId: r.contactId,
  fileName: r.fileName,
  contentType: r.contentType,
  sizeBytes: r.sizeBytes,
  description: r.description,
  uploadedBy: r.uploadedById ? { id: r.uploadedById, name: r.uploadedByName ?? 'Unknown user' } : null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Letters, digits and simple punctuation survive; a path separator or control character becomes
 * '_'. Nothing is cut: "Smith/Jones" is a name (a client's, a template's), and its file is
 * "Smith_Jones.pdf", never "Jones.pdf".
 */
export function safeFileName(name: string): string {
  const clean = name
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/^\.+/, '')
    .slice(0, 200)
    .trim();
  return clean || 'document';
}

/** An uploaded file's name: some browsers send the path it was picked from, of which the last part is its name. */
export const uploadedFileName = (name: string): string => safeFileName(name.split(/[\\/]/).pop() ?? '');

export interface UploadFields {
  clientId: string;
  patientId?: string | undefined;
  contactId?: string | undefined;
  description?: string | null | undefined;
}

export class DocumentsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly storage: DocumentStorage,
    private readonly events: DomainEventBus,
  ) {
    audit.registerRecord('document', documentsRepository);
    // A merge of contacts moves the documents about them to the contact kept.
    referToContacts({ name: 'documents.contact_id', table: documents, column: documents.contactId, key: 'contactId' });
    // A document is part of the clinical record: the client and the patient it is about are archived, not deleted.
    events.on('client.deleting', 'documents', async (tx, caller, { clientId }) => {
      if (await documentsRepository.anyFor(tx, caller, { clientId })) throw conflict(CLIENT_HAS_HISTORY);
    });
    events.on('patient.deleting', 'documents', async (tx, caller, { patientId }) => {
      if (await documentsRepository.anyFor(tx, caller, { patientId })) throw conflict(PATIENT_HAS_HISTORY);
    });
  }

  async list(scope: Scope, q: { clientId?: string | undefined; patientId?: string | undefined; contactId?: string | undefined }) {
    await assertFiltersVisible(this.db, scope, [
      [clientsRepository, q.clientId],
      [patientsRepository, q.patientId],
      [contactsRepository, q.contactId],
    ]);
    return (await documentsRepository.listFor(this.db, scope, q)).map(toDocument);
  }

  private async assertLinks(
    scope: Scope,
    f: { clientId?: string | undefined; patientId?: string | null | undefined; contactId?: string | undefined },
    clientId: string,
  ) {
    if (f.patientId) {
      const patient = await patientsRepository.findById(this.db, scope, f.patientId);
      if (!patient || patient.clientId !== clientId) throw badRequest("patientId: not one of this client's patients");
    }
    if (f.contactId && !(await contactsRepository.findById(this.db, scope, f.contactId))) throw badRequest('contactId: unknown contact');
  }

  /**
   * Streams the file to storage while checking its real type from its first bytes; the row is
   * written only once the bytes are safely stored and the request ended cleanly after them, and
   * the bytes removed if the row fails.
   */
  async upload(auth: AuthContext, fields: UploadFields, file: UploadFile) {
    if (!(await clientsRepository.findById(this.db, auth, fields.clientId))) throw badRequest('clientId: unknown client');
    await this.assertLinks(auth, fields, fields.clientId);

    const head = await readHead(file.stream, 16);
    const contentType = sniffContentType(head.bytes);
    if (!contentType || !DOCUMENT_TYPES[contentType]) {
      file.stream.resume();
      throw new HttpError(415, DOCUMENT_MESSAGES.badType);
    }
    const key = `${auth.accountId}/${randomUUID()}`;
    const size = await this.storage.put(key, head.rest);
    try {
      // Over the size limit, or another part after the file: nothing is kept.
      await file.finished();
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    try {
      const actor = await usersRepository.findSignedIn(this.db, auth);
      const row = await this.db.transaction(async (tx) => {
        const inserted = await documentsRepository.insert(tx, auth, {
          clientId: fields.clientId,
          patientId: fields.patientId ?? null,
          contactId: fields.contactId ?? null,
          fileName: uploadedFileName(file.filename),
          contentType,
          sizeBytes: size,
          storageKey: key,
          description: fields.description ?? null,
          uploadedById: auth.userId,
          uploadedByName: actor ? `${actor.firstName} ${actor.lastName}` : null,
        });
        await this.audit.record(tx, auth, [
          { entityType: 'document', entityId: inserted.id, action: 'create', after: { ...inserted, storageKey: undefined } },
        ]);
        return inserted;
      });
      return toDocument(row);
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Keeps a file the server made (a PDF from a template) as the client's (and patient's) document:
   * the bytes stored first, the row and its audit entry in one transaction, the bytes removed if it fails.
   */
  async store(
    auth: AuthContext,
    fields: { clientId: string; patientId?: string | null | undefined; description?: string | null | undefined },
    file: { fileName: string; contentType: string; data: Buffer },
  ): Promise<Document> {
    const key = `${auth.accountId}/${randomUUID()}`;
    const size = await this.storage.put(key, Readable.from([file.data]));
    try {
      const actor = await usersRepository.findSignedIn(this.db, auth);
      const row = await this.db.transaction(async (tx) => {
        const inserted = await documentsRepository.insert(tx, auth, {
          clientId: fields.clientId,
          patientId: fields.patientId ?? null,
          contactId: null,
          fileName: safeFileName(file.fileName),
          contentType: file.contentType,
          sizeBytes: size,
          storageKey: key,
          description: fields.description ?? null,
          uploadedById: auth.userId,
          uploadedByName: actor ? `${actor.firstName} ${actor.lastName}` : null,
        });
        await this.audit.record(tx, auth, [
          { entityType: 'document', entityId: inserted.id, action: 'create', after: { ...inserted, storageKey: undefined } },
        ]);
        return inserted;
      });
      return toDocument(row);
    } catch (err) {
      await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  async update(
    auth: AuthContext,
    id: string,
    input: { description?: string | null | undefined; patientId?: string | null | undefined; fileName?: string | undefined },
  ) {
    const existing = await documentsRepository.findById(this.db, auth, id);
    if (!existing) throw documentNotFound();
    await this.assertLinks(auth, { patientId: input.patientId }, existing.clientId);
    const row = await this.db.transaction(async (tx) => {
      const updated = await documentsRepository.update(tx, auth, id, {
        ...(input.description !== undefined && { description: input.description }),
        ...(input.patientId !== undefined && { patientId: input.patientId }),
        ...(input.fileName !== undefined && { fileName: safeFileName(input.fileName) }),
      });
      await this.audit.record(tx, auth, [
        {
          entityType: 'document',
          entityId: id,
          action: 'update',
          before: { ...existing, storageKey: undefined },
          after: { ...updated, storageKey: undefined },
        },
      ]);
      return updated!;
    });
    return toDocument(row);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    const existing = await documentsRepository.findById(this.db, auth, id);
    if (!existing) throw documentNotFound();
    await this.db.transaction(async (tx) => {
      // A document another record keeps as part of it (a submitted form's signed copy) stays (decision 0155).
      await this.events.publish(tx, auth, 'document.deleting', { documentId: id, clientId: existing.clientId });
      await documentsRepository.remove(tx, auth, id);
      await this.audit.record(tx, auth, [{ entityType: 'document', entityId: id, action: 'delete', before: { ...existing, storageKey: undefined } }]);
    });
    await this.storage.delete(existing.storageKey).catch(() => undefined);
  }

  async open(scope: Scope, id: string): Promise<{ document: Document; body: Readable }> {
    const row = await documentsRepository.findById(this.db, scope, id);
    if (!row) throw documentNotFound();
    try {
      return { document: toDocument(row), body: await this.storage.get(row.storageKey) };
    } catch {
      throw documentNotFound();
    }
  }
}

/** Reads the first `n` bytes and hands back a stream that still yields everything. */
async function readHead(stream: Readable, n: number): Promise<{ bytes: Buffer; rest: Readable }> {
  const chunks: Buffer[] = [];
  let length = 0;
  const iterator = stream[Symbol.asyncIterator]();
  while (length < n) {
    const next = await iterator.next();
    if (next.done) break;
    const chunk = next.value as Buffer;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  // Pulled, not pumped: the rest of the body is read only as storage reads it, so a body that
  // breaks off before storage is listening (it is still creating the folder) fails storage's read,
  // never an 'error' emitted on a stream nobody listens to yet, which would end the process.
  const rest = Readable.from(
    (async function* () {
      if (head.length) yield head;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    })(),
    { objectMode: false },
  );
  return { bytes: head.subarray(0, n), rest };
}
