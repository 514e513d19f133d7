import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { DELETE_RECORDS } from './permissions.js';
import { emailField, idField, IdParams, messageField, OkResponse, optionalText, wrapped } from './rules.js';

export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
export const DOCUMENT_TYPES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
};
export const DOCUMENT_MESSAGES = {
  notFound: 'No document found, or user not authorized to view this document',
  tooLarge: 'The file is too large. Documents may be at most 20 MB.',
  badType: 'This type of file is not accepted. Upload a PDF or an image (PNG, JPEG, GIF or WebP).',
  missingFile: 'Choose a file to upload',
  malformed: 'The upload could not be read: the form was cut off or malformed. Please choose the file and try again.',
  oneFile: 'Upload one file at a time.',
  fileField: 'Send the file in the form field named "file".',
  fieldsFirst: 'Send the form fields before the file.',
  tooManyFields: 'The upload has more form fields than a document takes.',
} as const;

export const Document = z.object({
  id: z.string(),
  clientId: z.string(),
  patientId: z.string().nullable(),
  contactId: z.string().nullable(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  description: z.string().nullable(),
  uploadedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Document = z.infer<typeof Document>;

export const listDocuments = operation({
  method: 'GET',
  path: '/api/document',
  access: authenticated,
  tag: 'documents',
  summary: 'Documents of a client (optionally one patient or contact), newest first',
  query: z.object({ clientId: idField().optional(), patientId: idField().optional(), contactId: idField().optional() }),
  response: z.array(Document),
});

/**
 * Upload is multipart/form-data (fields clientId, optional patientId, contactId, description;
 * then the file), so the body is not a {data} JSON object; the server validates these fields
 * with this schema.
 */
export const UploadDocumentFields = z.object({
  clientId: idField(),
  patientId: idField().optional(),
  contactId: idField().optional(),
  description: optionalText(500).optional(),
});
export const uploadDocument = operation({
  method: 'POST',
  path: '/api/document',
  access: authenticated,
  tag: 'documents',
  summary: 'Upload a file (multipart/form-data) for a client, optionally a patient',
  response: Document,
  status: 201,
});
export const UpdateDocumentInput = z.object({
  description: optionalText(500).optional(),
  patientId: idField().nullable().optional(),
  fileName: z.string().trim().min(1).max(200).optional(),
});
export const updateDocument = operation({
  method: 'POST',
  path: '/api/document/{id}',
  access: authenticated,
  tag: 'documents',
  summary: 'Rename a document, change its description or patient',
  params: IdParams,
  body: wrapped(UpdateDocumentInput),
  response: Document,
});
export const deleteDocument = operation({
  method: 'DELETE',
  path: '/api/document/{id}',
  // Part of the clinical record (results, consent forms): deleted for good only with the permission.
  access: anyOf(DELETE_RECORDS),
  tag: 'documents',
  summary: 'Delete a document and its file for good',
  params: IdParams,
  response: OkResponse,
});
export const downloadDocument = operation({
  method: 'GET',
  path: '/api/document/{id}/download',
  access: authenticated,
  tag: 'documents',
  summary: 'The file itself (only through this authorised route)',
  params: IdParams,
  query: z.object({ inline: z.enum(['true', 'false']).optional() }),
  response: z.unknown(),
});

// ---------- documents made from a document template ----------
export const GenerateDocumentInput = z.object({
  clientId: idField(),
  /** the patient the document is about (its merge fields), one of the client's */
  patientId: idField().nullable().optional(),
  /** the appointment whose merge fields it fills, one of the client's */
  appointmentId: idField().nullable().optional(),
});
export type GenerateDocumentInput = z.input<typeof GenerateDocumentInput>;
export const generateDocument = operation({
  method: 'POST',
  path: '/api/documentTemplate/{id}/generate',
  access: authenticated,
  tag: 'documents',
  summary: "Make a PDF from a document template, its merge fields filled from the client's records, and keep it as the client's (and patient's) document",
  params: IdParams,
  body: wrapped(GenerateDocumentInput),
  response: Document,
  status: 201,
});

// ---------- emailing a document (SPEC §7) ----------
export const SEND_DOCUMENT_MESSAGES = {
  sent: 'Email sent',
  error: 'Error sending email',
  /** the document has no client address to default to and none was given */
  noAddress: 'This client has no email address: enter the address to send to',
} as const;
export const SendDocumentInput = z.object({
  documentId: idField(),
  /** the address; the client's email when left out */
  to: z.union([z.literal(''), emailField()]).optional().transform((v) => v || undefined),
  subject: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  message: messageField().optional(),
});
export type SendDocumentInput = z.input<typeof SendDocumentInput>;
export const SendDocumentResult = z.object({
  message: z.literal(SEND_DOCUMENT_MESSAGES.sent),
  /** the outbox message that carries it (Communications shows its state) */
  messageId: z.string(),
  to: z.string(),
});
export type SendDocumentResult = z.infer<typeof SendDocumentResult>;
export const sendDocumentPdf = operation({
  method: 'POST',
  path: '/api/pdf/sendPDF',
  access: authenticated,
  tag: 'documents',
  summary: "Email a document as an attachment from its client's location (queued in the outbox; to defaults to the client's email)",
  body: wrapped(SendDocumentInput),
  response: SendDocumentResult,
});
