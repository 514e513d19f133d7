import * as api from '@willow/contracts';
import { DOCUMENT_MESSAGES, UploadDocumentFields } from '@willow/contracts';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import { HttpError } from '../../platform/errors.js';
import type { Router } from '../../platform/router.js';
import { formatIssue } from '../../platform/validation.js';

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function documentsRoutes(r: Router, c: Container) {
  r.route(api.listDocuments, ({ auth, query }) => c.documents.list(auth, query));

  r.route(api.uploadDocument, async ({ auth, req }) => {
    if (!req.isMultipart()) throw new HttpError(400, DOCUMENT_MESSAGES.missingFile);
    const part = await req.file();
    if (!part) throw new HttpError(400, DOCUMENT_MESSAGES.missingFile);
    // Fields sent before the file arrive with it.
    const raw = Object.fromEntries(
      Object.entries(part.fields)
        .map(([k, v]) => [k, v && !Array.isArray(v) && v.type === 'field' ? v.value : undefined])
        .filter(([, v]) => v !== undefined && v !== ''),
    );
    const fields = UploadDocumentFields.safeParse(raw);
    if (!fields.success) {
      part.file.resume();
      throw new HttpError(400, formatIssue(fields.error.issues[0]!, 'body'));
    }
    return c.documents.upload(auth, fields.data, {
      filename: part.filename,
      stream: part.file,
      truncated: () => part.file.truncated,
    });
  });

  r.route(api.updateDocument, ({ auth, params, body }) => c.documents.update(auth, params.id, body.data));

  r.route(api.deleteDocument, async ({ auth, params }) => {
    await c.documents.remove(auth, params.id);
    return { ok: true as const };
  });

  r.route(api.downloadDocument, async ({ auth, params, query, reply }) => {
    const { document, body } = await c.documents.open(auth, params.id);
    const inline = query.inline === 'true';
    (reply as FastifyReply)
      .header('content-type', document.contentType)
      .header('content-length', String(document.sizeBytes))
      .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', document.fileName))
      .header('cache-control', 'private, no-store')
      // A file opened in the browser runs nothing and reaches nothing.
      .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
      .send(body);
    return reply as never;
  });
}
