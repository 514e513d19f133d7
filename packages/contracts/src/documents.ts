import { z } from 'zod';
import { anyOf, authenticated, operation } from './operation.js';
import { DELETE_RECORDS } from './permissions.js';
import { idField, IdParams, OkResponse, optionalText, wrapped } from './rules.js';

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
