// The PDF of a submission, kept as a document of the client (SPEC §3): what was asked, what was
// answered, the drawn signature and its evidence, and the hash of the form version signed. The
// bytes are stored before the submission's transaction and removed again if it does not commit.
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FormField } from '@willow/contracts';
import type { Content } from 'pdfmake/interfaces.js';
import type { Executor } from '../../db/client.js';
import type { Caller } from '../../platform/access.js';
import { renderPdf } from '../../platform/pdf-renderer.js';
import type { Scope } from '../../platform/tenant-repository.js';
import type { AuditService } from '../audit/index.js';
import type { ClientRow } from '../clients/index.js';
import type { DocumentStorage } from '../../platform/document-storage.js';
import { safeFileName, documentsRepository, type DocumentRow } from '../documents/index.js';
import type { LocationLogoService } from '../locations/index.js';
import type { PatientRow } from '../patients/index.js';

export interface SubmissionForPdf {
  formName: string;
  description: string | null;
  fields: readonly FormField[];
  answers: Record<string, unknown>;
  client: ClientRow;
  patient: PatientRow | undefined;
  locationId: string;
  locationName: string;
  practiceName: string;
  versionHash: string;
  formVersion: number;
  submittedAt: Date;
  signature: { name: string; signedAt: Date; ip: string; userAgent: string | null; image: string } | null;
}

/** A PDF in storage, not yet a document. */
export interface StoredPdf {
  key: string;
  size: number;
  fileName: string;
  description: string;
}

const when = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/** An answer as it reads on paper. */
export function answerText(field: FormField, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  switch (field.type) {
    case 'checkbox':
      return value === true ? 'Yes' : 'No';
    case 'consent':
      return value === true ? 'Agreed' : 'Not agreed';
    case 'signature':
      return 'Signed (below)';
    default:
      return String(value);
  }
}

/** The submission as pdfmake content: who, the answers field by field, the signature and its evidence. */
export function submissionContent(s: SubmissionForPdf): Content {
  const about: Content[] = [
    { text: [{ text: 'Client: ', bold: true }, `${s.client.firstName} ${s.client.lastName}`] },
    ...(s.patient ? [{ text: [{ text: 'Patient: ', bold: true }, s.patient.name] }] : []),
    { text: [{ text: 'Location: ', bold: true }, `${s.practiceName} — ${s.locationName}`] },
    { text: [{ text: 'Submitted: ', bold: true }, when(s.submittedAt)] },
  ];
  const answers: Content[] = s.fields.flatMap((f): Content[] => {
    const value = s.answers[f.key];
    const heading: Content = { text: f.label, bold: true, margin: [0, 10, 0, 2] };
    if (f.type === 'consent') return [heading, { text: f.text ?? '', margin: [0, 0, 0, 2] }, { text: answerText(f, value), italics: true }];
    if (f.type === 'signature') {
      return typeof value === 'string' ? [heading, { image: value, fit: [260, 100], margin: [0, 2, 0, 0] }] : [heading, { text: answerText(f, value) }];
    }
    return [heading, { text: answerText(f, value) }];
  });
  const evidence: Content[] = [
    { text: 'Record', bold: true, margin: [0, 16, 0, 2] },
    ...(s.signature
      ? [
          { text: `Signed by ${s.signature.name} at ${when(s.signature.signedAt)}` },
          { text: `From IP address ${s.signature.ip}` },
          { text: `Browser: ${s.signature.userAgent ?? 'not given'}`, fontSize: 8 },
        ]
      : []),
    { text: `Form version ${s.formVersion}, SHA-256 ${s.versionHash}`, fontSize: 8 },
  ];
  return [
    ...(s.description ? [{ text: s.description, margin: [0, 0, 0, 8] } as Content] : []),
    { stack: about, margin: [0, 0, 0, 6] },
    ...answers,
    ...evidence,
  ];
}

export class FormSubmissionPdf {
  constructor(
    private readonly storage: DocumentStorage,
    private readonly audit: AuditService,
    private readonly logos: Pick<LocationLogoService, 'find'>,
  ) {
    // The PDF becomes a document of the client, written here: its history is the documents' own.
    audit.registerRecord('document', documentsRepository);
  }

  /** Renders the PDF (on the location's letterhead: its logo) and puts it in the documents' storage (not yet a document). */
  async render(_ex: Executor, scope: Scope, s: SubmissionForPdf): Promise<StoredPdf> {
    const logo = await this.logos.find(scope, s.locationId);
    const bytes = await renderPdf({
      page: { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: true, ...(logo && { logo }) },
      title: s.formName,
      content: submissionContent(s),
    });
    const key = `${scope.accountId}/${randomUUID()}`;
    const size = await this.storage.put(key, Readable.from([bytes]));
    const day = s.submittedAt.toISOString().slice(0, 10);
    return {
      key,
      size,
      fileName: safeFileName(`${s.formName} ${day}.pdf`),
      description: s.signature ? `Form submitted and signed by ${s.signature.name}` : 'Form submitted',
    };
  }

  /** Makes the stored PDF a document of the client (and patient), in the submission's transaction. */
  async store(tx: Executor, caller: Caller, pdf: StoredPdf, owner: { clientId: string; patientId: string | null }): Promise<DocumentRow> {
    const row = await documentsRepository.insert(tx, caller, {
      clientId: owner.clientId,
      patientId: owner.patientId,
      contactId: null,
      fileName: pdf.fileName,
      contentType: 'application/pdf',
      sizeBytes: pdf.size,
      storageKey: pdf.key,
      description: pdf.description,
      uploadedById: null,
      uploadedByName: null,
    });
    await this.audit.record(tx, caller, [{ entityType: 'document', entityId: row.id, action: 'create', after: { ...row, storageKey: undefined } }]);
    return row;
  }

  /** The submission did not commit: its PDF goes. */
  async discard(pdf: StoredPdf): Promise<void> {
    await this.storage.delete(pdf.key).catch(() => undefined);
  }
}
