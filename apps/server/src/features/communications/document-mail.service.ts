// Emails a client's document as an attachment (POST /api/pdf/sendPDF, decision 0099): queued in
// the outbox of the client's location with the document's id; the worker reads the file from
// storage when it delivers, so nothing large sits in the database and a document deleted before
// then is not sent.
// Security-critical: the document must be one the caller's account holds (otherwise the same 404
// as a missing one); the address is the caller's or the client's, the location's integration sends.
import { INTEGRATION_MESSAGES, SEND_DOCUMENT_MESSAGES, type SendDocumentResult } from '@willow/contracts';
import type { z } from 'zod';
import type { SendDocumentInput } from '@willow/contracts';
import type { Db } from '../../db/client.js';
import type { AuthContext } from '../../platform/access.js';
import { badRequest, conflict } from '../../platform/errors.js';
import { clientsRepository } from '../clients/index.js';
import { locationsRepository } from '../locations/index.js';
import { usersRepository } from '../users/index.js';
import { documentsRepository, documentNotFound } from '../documents/index.js';
import type { CommunicationsService } from './communications.service.js';

export class DocumentMailService {
  constructor(
    private readonly db: Db,
    private readonly communications: CommunicationsService,
  ) {}

  async send(auth: AuthContext, input: z.output<typeof SendDocumentInput>): Promise<SendDocumentResult> {
    const document = await documentsRepository.findById(this.db, auth, input.documentId);
    if (!document) throw documentNotFound();
    const client = await clientsRepository.findById(this.db, auth, document.clientId);
    if (!client) throw documentNotFound();
    if (!(await this.communications.emailReady(auth, client.locationId))) throw conflict(INTEGRATION_MESSAGES.emailNotSetUp);
    const to = input.to ?? client.email;
    if (!to) throw badRequest(`to: ${SEND_DOCUMENT_MESSAGES.noAddress}`);
    const [location, user] = await Promise.all([
      locationsRepository.findById(this.db, auth, client.locationId),
      usersRepository.findSignedIn(this.db, auth),
    ]);
    const practice = location?.name ?? 'your veterinary practice';
    const subject = input.subject?.trim() || `${document.description?.trim() || document.fileName} from ${practice}`;
    const body =
      input.message?.trim() ||
      `Dear ${client.firstName} ${client.lastName},\n\nPlease find ${document.fileName} attached.\n\nKind regards,\n${practice}`;
    const row = await this.communications.enqueue(this.db, auth, {
      locationId: client.locationId,
      clientId: client.id,
      channel: 'email',
      to,
      subject,
      body,
      sentBy: user ? { id: user.id, name: `${user.firstName} ${user.lastName}` } : null,
      attachmentDocumentIds: [document.id],
    });
    return { message: SEND_DOCUMENT_MESSAGES.sent, messageId: row.id, to };
  }
}
