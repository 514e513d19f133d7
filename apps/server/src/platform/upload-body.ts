// Reads a document upload (multipart/form-data: the fields, then one file named "file") and turns
// every way the body can be wrong into a 4xx naming what to fix. The body is parsed from the
// client's bytes as it streams, so a parse failure is the client's (a cut-off request, a wrong
// boundary, a second file): never a 500.
import type { Readable } from 'node:stream';
import { DOCUMENT_MESSAGES } from '@willow/contracts';
import type { FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
import { badRequest, HttpError } from './errors.js';

export interface UploadFile {
  filename: string;
  stream: Readable;
  /**
   * Reads what follows the file: resolves when the request ends cleanly there; rejects with the
   * 4xx to answer when the file was over the size limit, another part followed or the body broke off.
   */
  finished(): Promise<void>;
}

export interface UploadBody {
  /** the text fields sent before the file, each once */
  fields: Record<string, string>;
  file: UploadFile;
  /** the error to answer for a failure while the file was read: a 4xx when the body was at fault */
  failure(err: unknown): unknown;
}

/** The answer for an error the multipart parser raised, which always comes from the request body. */
function fromParseError(req: FastifyRequest, err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const e = req.server.multipartErrors;
  if (err instanceof e.RequestFileTooLargeError) return new HttpError(413, DOCUMENT_MESSAGES.tooLarge);
  if (err instanceof e.FilesLimitError) return new HttpError(413, DOCUMENT_MESSAGES.oneFile);
  if (err instanceof e.FieldsLimitError || err instanceof e.PartsLimitError) return new HttpError(413, DOCUMENT_MESSAGES.tooManyFields);
  // A wrong or missing boundary, a cut-off body, a malformed part header, a field named like a
  // prototype property: the parser's own words mean nothing to the user.
  req.log.info({ err }, 'malformed upload');
  return badRequest(DOCUMENT_MESSAGES.malformed);
}

export async function readUploadBody(req: FastifyRequest): Promise<UploadBody> {
  if (!req.isMultipart()) throw badRequest(DOCUMENT_MESSAGES.missingFile);
  const parts = req.parts();
  const next = async (): Promise<Multipart | undefined> => {
    try {
      const step = await parts.next();
      return step.done ? undefined : step.value;
    } catch (err) {
      throw fromParseError(req, err);
    }
  };

  const fields: Record<string, string> = {};
  for (let part = await next(); part; part = await next()) {
    if (part.type === 'field') {
      if (Object.hasOwn(fields, part.fieldname)) throw badRequest(`${part.fieldname}: sent more than once`);
      if (part.valueTruncated) throw badRequest(`${part.fieldname}: too long`);
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'file') {
      part.file.resume();
      throw badRequest(DOCUMENT_MESSAGES.fileField);
    }
    // Errors on the file stream come from the parser (the body broke off in the file); the
    // consumer's own failures (the storage) are not emitted here. A body that arrived whole may
    // have failed before this part was handed over: the stream then already holds its error.
    let streamError: unknown = part.file.errored ?? undefined;
    part.file.on('error', (err) => (streamError ??= err));
    const file = part;
    return {
      fields,
      file: {
        filename: file.filename,
        stream: file.file,
        async finished() {
          if (streamError) throw fromParseError(req, streamError);
          const after = await next();
          if (!after) return;
          if (after.type === 'file') {
            after.file.resume();
            throw new HttpError(413, DOCUMENT_MESSAGES.oneFile);
          }
          throw badRequest(DOCUMENT_MESSAGES.fieldsFirst);
        },
      },
      failure: (err) => (err instanceof HttpError ? err : streamError ? fromParseError(req, streamError) : err),
    };
  }
  throw badRequest(DOCUMENT_MESSAGES.missingFile);
}
