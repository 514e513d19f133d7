import * as api from '@willow/contracts';
import { UploadDocumentFields } from '@willow/contracts';
import type { FastifyReply } from 'fastify';
import type { Container } from '../../container.js';
import { HttpError } from '../../platform/errors.js';
import type { Router } from '../../platform/router.js';
import { formatIssue } from '../../platform/validation.js';
import { readUploadBody } from '../../platform/upload-body.js';

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. */
function contentDisposition(kind: 'attachment' | 'inline', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function documentsRoutes(r: Router, c: Container) {
  r.route(api.listDocuments, ({ auth, query }) => c.documents.list(auth, query));

  r.route(api.uploadDocument, async ({ auth, req }) => {
    const upload = await readUploadBody(req);
    // An empty field is a field not given, as in a JSON body without the key.
    const fields = UploadDocumentFields.safeParse(Object.fromEntries(Object.entries(upload.fields).filter(([, v]) => v !== '')));
    if (!fields.success) {
      upload.file.stream.resume();
      throw new HttpError(400, formatIssue(fields.error.issues[0]!, 'body'));
    }
    try {
      return await c.documents.upload(auth, fields.data, upload.file);
    } catch (err) {
      throw upload.failure(err);
    }
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
