// An S3-compatible object store on loopback (s3rver, from the registry), with one bucket, for the
// storage's tests. Its objects are read back through the SDK, as an operator's tools would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3StorageSettings } from '../../src/platform/document-storage.js';

/** s3rver's own keys: it refuses requests signed with others. */
export const FAKE_S3_KEYS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  settings(prefix?: string): S3StorageSettings;
  /** every key in the bucket, sorted */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = 'willow-documents'): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), 'willow-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // The SDK reads the keys from the environment, as it does in production.
  Object.assign(process.env, FAKE_S3_KEYS);
  const reader = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true });
  return {
    endpoint,
    bucket,
    settings: (prefix = '') => ({ bucket, prefix, endpoint, region: 'us-east-1', forcePathStyle: true }),
    async keys() {
      const listed = await reader.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((o) => o.Key!).sort();
    },
    async close() {
      reader.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
