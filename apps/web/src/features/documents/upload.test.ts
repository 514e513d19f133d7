import { describe, expect, it, vi } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MESSAGES, MESSAGES } from '@willow/contracts';
import { ApiError } from '../../lib/http-client';
import { checkDocumentFile, formatBytes, uploadDocumentFile } from './upload';

/** Just enough of XMLHttpRequest to drive an upload by hand. */
class FakeXhr {
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  sent: FormData | undefined;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.sent = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function start(fields = { clientId: 'c1', patientId: 'p1', description: ' Lab results ' }) {
  const xhr = new FakeXhr();
  const progress = vi.fn();
  const file = new File(['%PDF-1.4'], 'lab.pdf', { type: 'application/pdf' });
  const handle = uploadDocumentFile<{ id: string }>(fields, file, progress, () => xhr as unknown as XMLHttpRequest);
  return { xhr, progress, handle };
}

describe('checkDocumentFile', () => {
  it('accepts PDFs and images up to the limit', () => {
    expect(checkDocumentFile({ type: 'application/pdf', size: DOCUMENT_MAX_BYTES })).toBeUndefined();
    expect(checkDocumentFile({ type: 'image/png', size: 10 })).toBeUndefined();
  });
  it('refuses a missing, too large or unaccepted file with the contract texts', () => {
    expect(checkDocumentFile(null)).toBe(DOCUMENT_MESSAGES.missingFile);
    expect(checkDocumentFile({ type: 'application/pdf', size: DOCUMENT_MAX_BYTES + 1 })).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(checkDocumentFile({ type: 'application/zip', size: 10 })).toBe(DOCUMENT_MESSAGES.badType);
  });
});

describe('uploadDocumentFile', () => {
  it('posts multipart fields before the file, with the cookie', () => {
    const { xhr } = start();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/document');
    expect(xhr.withCredentials).toBe(true);
    expect([...xhr.sent!.keys()]).toEqual(['clientId', 'patientId', 'description', 'file']);
    expect(xhr.sent!.get('description')).toBe('Lab results');
  });

  it('leaves out empty optional fields', () => {
    const { xhr } = start({ clientId: 'c1', patientId: '', description: '  ' });
    expect([...xhr.sent!.keys()]).toEqual(['clientId', 'file']);
  });

  it('reports progress and resolves with the created document', async () => {
    const { xhr, progress, handle } = start();
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr.upload.onprogress?.({ lengthComputable: false, loaded: 0, total: 0 });
    xhr.answer(201, { id: 'd1' });
    await expect(handle.promise).resolves.toEqual({ id: 'd1' });
    expect(progress.mock.calls.map((c) => c[0])).toEqual([0.25, 1]);
  });

  it("rejects with the server's message and status", async () => {
    const { xhr, handle } = start();
    xhr.answer(413, { error: { message: DOCUMENT_MESSAGES.tooLarge } });
    const error = await handle.promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect((error as ApiError).status).toBe(413);
  });

  it('uses the generic text for server failures and network errors', async () => {
    const failed = start();
    failed.xhr.answer(500, { error: { message: 'disk full' } });
    await expect(failed.handle.promise).rejects.toMatchObject({ message: MESSAGES.serverError, status: 500 });
    const offline = start();
    offline.xhr.onerror?.();
    await expect(offline.handle.promise).rejects.toMatchObject({ message: MESSAGES.serverError, status: 0 });
  });

  it('rejects as an abort when cancelled', async () => {
    const { handle } = start();
    handle.abort();
    await expect(handle.promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('formatBytes', () => {
  it('reads sizes', () => {
    expect(formatBytes(500)).toBe('500 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
