import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../test/fakes/fake-s3.js';
import { parseStorageUrl, readStored } from './document-storage.js';
import { openS3Storage, type S3Storage } from './s3-storage.js';

let s3: FakeS3;
let storage: S3Storage;
beforeAll(async () => {
  s3 = await startFakeS3();
  storage = await openS3Storage(s3.settings('practice/files'));
});
afterAll(() => s3?.close());

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A body of `size` bytes made as it is read, never held whole (as an upload arrives). */
function streamOf(size: number, seed = 1, failAt?: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (failAt !== undefined && sent >= failAt) return this.destroy(new Error('the upload broke off'));
      if (sent >= size) return this.push(null);
      const n = Math.min(64 * 1024, size - sent);
      const chunk = Buffer.alloc(n, (sent / 65536 + seed) & 0xff);
      sent += n;
      this.push(chunk);
    },
  });
}
async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('S3Storage', () => {
  it('stores a small file under the prefix and answers its bytes as a stream', async () => {
    const bytes = Buffer.from('%PDF-1.4 a small file');
    expect(await storage.put('acct-1/doc-1', Readable.from([bytes]))).toBe(bytes.length);
    expect(await s3.keys()).toContain('practice/files/acct-1/doc-1');
    const body = await storage.get('acct-1/doc-1');
    expect(body).toBeInstanceOf(Readable);
    expect(await bytesOf(body)).toEqual(bytes);
    expect(await readStored(storage, 'acct-1/doc-1')).toEqual(bytes);
  });

  it('streams a file larger than one part up in parts, byte for byte', async () => {
    const size = 12 * 1024 * 1024 + 123;
    expect(await storage.put('acct-1/big', streamOf(size))).toBe(size);
    const back = await bytesOf(await storage.get('acct-1/big'));
    expect(back.length).toBe(size);
    expect(sha(back)).toBe(sha(await bytesOf(streamOf(size))));
  });

  it('keeps nothing when the body fails midway, small or in parts', async () => {
    await expect(storage.put('acct-1/broken-small', streamOf(1024 * 1024, 2, 256 * 1024))).rejects.toThrow('the upload broke off');
    await expect(storage.put('acct-1/broken-big', streamOf(20 * 1024 * 1024, 3, 11 * 1024 * 1024))).rejects.toThrow('the upload broke off');
    const keys = await s3.keys();
    expect(keys.filter((k) => k.includes('broken'))).toEqual([]);
  });

  it('deletes; a missing object rejects on read, as a missing file does on disk', async () => {
    await storage.put('acct-2/gone', Readable.from([Buffer.from('x')]));
    await storage.delete('acct-2/gone');
    expect(await s3.keys()).not.toContain('practice/files/acct-2/gone');
    await expect(storage.get('acct-2/gone')).rejects.toThrow();
    await storage.delete('acct-2/never-there');
  });

  it('refuses a key that would leave its place, before reading the body', async () => {
    for (const key of ['../other', 'a/../../b', '/abs', 'a//b', 'a/./b', '', 'a b']) {
      const body = Readable.from([Buffer.from('x')]);
      await expect(storage.put(key, body), key).rejects.toThrow('storage key escapes');
      expect(body.listenerCount('data'), key).toBe(0);
      await expect(storage.get(key), key).rejects.toThrow('storage key escapes');
    }
  });

  it('stops the start with the reason when the bucket cannot be reached or the keys are wrong', async () => {
    await expect(openS3Storage({ ...s3.settings(), bucket: 'no-such-bucket' })).rejects.toThrow(
      /^STORAGE_URL: the bucket no-such-bucket could not be reached at http:\/\/127\.0\.0\.1:\d+: NotFound \(404\)/,
    );
    await expect(openS3Storage({ ...s3.settings(), endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(/^STORAGE_URL: the bucket willow-documents could not be reached/);
    const keys = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
    process.env.AWS_ACCESS_KEY_ID = 'NOT-THE-KEY';
    process.env.AWS_SECRET_ACCESS_KEY = 'not-the-secret';
    try {
      await expect(openS3Storage(s3.settings())).rejects.toThrow(/^STORAGE_URL: the bucket willow-documents could not be reached at .*\(403\)/);
    } finally {
      process.env.AWS_ACCESS_KEY_ID = keys.id;
      process.env.AWS_SECRET_ACCESS_KEY = keys.secret;
    }
  });
});

describe('parseStorageUrl', () => {
  it('reads the bucket, the prefix and the usual AWS variables', () => {
    expect(parseStorageUrl({})).toBeUndefined();
    expect(parseStorageUrl({ STORAGE_URL: 's3://docs/willow/files/' })).toEqual({
      bucket: 'docs',
      prefix: 'willow/files',
      endpoint: undefined,
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(parseStorageUrl({ STORAGE_URL: 's3://docs', AWS_ENDPOINT_URL: 'http://minio:9000', AWS_REGION: 'eu-west-2' })).toEqual({
      bucket: 'docs',
      prefix: '',
      endpoint: 'http://minio:9000',
      region: 'eu-west-2',
      forcePathStyle: true,
    });
    expect(parseStorageUrl({ STORAGE_URL: 's3://docs', AWS_ENDPOINT_URL: 'https://a', AWS_ENDPOINT_URL_S3: 'https://b', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      endpoint: 'https://b',
      forcePathStyle: false,
    });
  });

  it('refuses what is not an S3 address, or keys written into it', () => {
    expect(() => parseStorageUrl({ STORAGE_URL: '/var/willow' })).toThrow('STORAGE_URL must look like s3://bucket/prefix, got /var/willow');
    expect(() => parseStorageUrl({ STORAGE_URL: 'https://docs/x' })).toThrow('STORAGE_URL must look like s3://bucket/prefix');
    expect(() => parseStorageUrl({ STORAGE_URL: 's3://key:secret@docs' })).toThrow('STORAGE_URL takes no keys or options');
  });
});
