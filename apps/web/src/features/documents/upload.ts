import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, DOCUMENT_TYPES } from '@willow/contracts';
import { ApiError, errorMessageFrom } from '../../lib/http-client';

/** What the server would refuse, told before the bytes are sent. Undefined when the file is fine. */
export function checkDocumentFile(file: Pick<File, 'size' | 'type'> | null | undefined): string | undefined {
  if (!file) return DOCUMENT_MESSAGES.missingFile;
  if (!(file.type in DOCUMENT_TYPES)) return DOCUMENT_MESSAGES.badType;
  if (file.size > DOCUMENT_MAX_BYTES) return DOCUMENT_MESSAGES.tooLarge;
  return undefined;
}

export interface UploadFields {
  clientId: string;
  patientId?: string;
  description?: string;
}

export interface UploadHandle<T> {
  promise: Promise<T>;
  abort: () => void;
}

/**
 * POST /api/document as multipart form data, with progress. fetch cannot report upload
 * progress, hence XMLHttpRequest. The fields go before the file: the server reads them as the
 * file starts streaming, and fields after it would arrive too late.
 */
export function uploadDocumentFile<T>(
  fields: UploadFields,
  file: File,
  onProgress: (fraction: number) => void,
  createRequest: () => XMLHttpRequest = () => new XMLHttpRequest(),
): UploadHandle<T> {
  const xhr = createRequest();
  const promise = new Promise<T>((resolve, reject) => {
    const body = new FormData();
    body.append('clientId', fields.clientId);
    if (fields.patientId) body.append('patientId', fields.patientId);
    if (fields.description?.trim()) body.append('description', fields.description.trim());
    body.append('file', file, file.name);

    xhr.open('POST', '/api/document');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(parsed as T);
      } else {
        reject(new ApiError(errorMessageFrom(xhr.status, parsed, xhr.statusText), xhr.status));
      }
    };
    xhr.onerror = () => reject(new ApiError(errorMessageFrom(0, undefined), 0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

export const documentDownloadUrl = (id: string, inline = false) =>
  `/api/document/${encodeURIComponent(id)}/download${inline ? '?inline=true' : ''}`;

/** Browsers show these themselves; anything else is only downloaded. */
export const opensInline = (contentType: string) => contentType === 'application/pdf' || contentType.startsWith('image/');

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
