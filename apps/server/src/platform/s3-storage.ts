// Security-critical: where every stored document, generated PDF and logo lives when the
// operator sets STORAGE_URL=s3://bucket/prefix (decision 0249). Keys are made by the server,
// never taken from a request; they are checked again here so none can leave the prefix.
// Loaded only when configured (main.ts imports it on demand): the SDK is not part of a start on disk.
import { Transform, type Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { DocumentStorage, S3StorageSettings } from './document-storage.js';

/** Parts of a large file in flight at once: memory stays at about PART_SIZE × QUEUE_SIZE per upload. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

export class S3Storage implements DocumentStorage {
  constructor(
    private readonly client: S3Client,
    private readonly settings: Pick<S3StorageSettings, 'bucket' | 'prefix'>,
  ) {}

  private keyOf(key: string): string {
    // The same refusal as the disk's: a key is segments of letters, digits, '-', '_' and '.', none of them '..'.
    if (!/^[\w.-]+(\/[\w.-]+)*$/.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
      throw new Error('storage key escapes the storage folder');
    }
    return this.settings.prefix ? `${this.settings.prefix}/${key}` : key;
  }

  /**
   * Streams the body up in parts (one request when it is small): nothing is read whole into
   * memory, and a body that fails midway (an upload over its limit) leaves no object behind.
   */
  async put(key: string, body: Readable): Promise<number> {
    // Checked before the body is touched: a refused key leaves the stream as it came.
    const objectKey = this.keyOf(key);
    let size = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    let broke: Error | undefined;
    body.on('error', (err) => {
      broke = err;
      counted.destroy(err);
    });
    body.pipe(counted);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.settings.bucket, Key: objectKey, Body: counted },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      // The SDK aborts the parts sent so far; when the body broke, that is the reason to report
      // (not a failure of the abort itself, as from a store without multipart aborts).
      throw broke ?? err;
    }
    return size;
  }

  /** The object's bytes as a stream, as the disk gives them; a missing one rejects as the disk's does. */
  async get(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
    return answer.Body as Readable;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }
}

/**
 * The client for the configured store, checked before the app takes a request: a bucket that
 * cannot be reached or written with these keys stops the start with the reason, rather than
 * every upload failing later.
 */
export async function openS3Storage(settings: S3StorageSettings): Promise<S3Storage> {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: the newer default (a trailing checksum on every
    // streamed upload) is refused or stored wrongly by many S3-compatible services.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    await client.send(new HeadBucketCommand({ Bucket: settings.bucket }));
  } catch (err) {
    client.destroy();
    const reason = err instanceof S3ServiceException ? `${err.name} (${err.$metadata.httpStatusCode ?? 'no answer'})` : (err as Error).message;
    throw new Error(`STORAGE_URL: the bucket ${settings.bucket} could not be reached at ${settings.endpoint ?? 'AWS S3'}: ${reason}. Check the bucket, AWS_REGION, AWS_ENDPOINT_URL and the keys (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY).`);
  }
  return new S3Storage(client, settings);
}
