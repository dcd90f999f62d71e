import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { parseEnv } from '../../env';
import { startSigV4CheckingProxy } from '../../testing/sigv4-checking-proxy';
import { S3FileStorage, s3FileStorageFromEnv, type S3FileStorageOptions } from './s3-file-storage';

const bucket = 'attachments';
const workDir = mkdtempSync(join(tmpdir(), 's3-storage-'));
let server: S3rver;
let proxy: Awaited<ReturnType<typeof startSigV4CheckingProxy>>;
/** s3rver behind a proxy that checks every request's signature, as S3 does. */
let endpoint: string;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: join(workDir, 'bucket-store'),
    configureBuckets: [{ name: bucket }],
  });
  const { address, port } = await server.run();
  proxy = await startSigV4CheckingProxy(`http://${address}:${port}`, 'S3RVER');
  endpoint = proxy.endpoint;
});

afterAll(async () => {
  await proxy.close();
  await server.close();
  rmSync(workDir, { recursive: true, force: true });
});

function storage(overrides: Partial<S3FileStorageOptions> = {}): S3FileStorage {
  return new S3FileStorage({
    bucket,
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    retries: 0,
    ...overrides,
  });
}

let staged = 0;
function stagedFile(bytes: Buffer): string {
  const path = join(workDir, `staged-${(staged += 1)}`);
  writeFileSync(path, bytes);
  return path;
}

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('attachments kept in an S3 bucket', () => {
  const photo = randomBytes(300_000);

  it('keeps a finished file and gives it back whole, with its size', async () => {
    const files = storage();
    const source = stagedFile(photo);
    await files.put('uploads/photo-1/file', source, 'image/jpeg');

    const read = await files.read('uploads/photo-1/file');
    expect(read?.size).toBe(photo.length);
    expect((await bytesOf(read!.body)).equals(photo)).toBe(true);
    expect(existsSync(source)).toBe(false);
  });

  it('gives back a byte range, both ends included, with the whole size', async () => {
    const files = storage();
    await files.put('uploads/photo-2/file', stagedFile(photo), 'image/jpeg');

    const read = await files.read('uploads/photo-2/file', { start: 1000, end: 1999 });
    expect(read?.size).toBe(photo.length);
    expect((await bytesOf(read!.body)).equals(photo.subarray(1000, 2000))).toBe(true);
  });

  it('answers null for a key it never kept, and removing one is not an error', async () => {
    const files = storage();
    expect(await files.read('uploads/never/file')).toBeNull();
    await expect(files.remove('uploads/never/file')).resolves.toBeUndefined();
  });

  it('removes a file', async () => {
    const files = storage();
    await files.put('uploads/photo-3/file', stagedFile(photo), 'image/jpeg');
    await files.remove('uploads/photo-3/file');
    expect(await files.read('uploads/photo-3/file')).toBeNull();
  });

  it('sends a 70 MB video in parts (over the 64 MB threshold), and it reads back the same', async () => {
    const video = randomBytes(70 * 1024 * 1024 + 123);
    const files = storage();
    const sent = vi.spyOn(globalThis, 'fetch');
    await files.put('uploads/video-1/file', stagedFile(video), 'video/mp4');
    const parts = sent.mock.calls.filter(([request]) => (request as Request).url.includes('partNumber='));
    sent.mockRestore();
    expect(parts).toHaveLength(5); // 16 MB parts

    const read = await files.read('uploads/video-1/file');
    expect(read?.size).toBe(video.length);
    expect((await bytesOf(read!.body)).equals(video)).toBe(true);

    const tail = await files.read('uploads/video-1/file', {
      start: video.length - 10,
      end: video.length - 1,
    });
    expect((await bytesOf(tail!.body)).equals(video.subarray(video.length - 10))).toBe(true);
  });

  it('goes through CreateMultipartUpload, one UploadPart per slice and CompleteMultipartUpload', async () => {
    const sent = vi.spyOn(globalThis, 'fetch');
    const files = storage({ multipartThresholdBytes: 6 * 1024 * 1024, partBytes: 5 * 1024 * 1024 });
    await files.put('uploads/video-3/file', stagedFile(randomBytes(11 * 1024 * 1024)), 'video/mp4');

    const requests = sent.mock.calls.map(([request]) => {
      const { method, url } = request as Request;
      return `${method} ${new URL(url).search.replace(/uploadId=\w+/, 'uploadId=…')}`;
    });
    sent.mockRestore();
    expect(requests).toEqual([
      'POST ?uploads',
      'PUT ?partNumber=1&uploadId=…',
      'PUT ?partNumber=2&uploadId=…',
      'PUT ?partNumber=3&uploadId=…',
      'POST ?uploadId=…',
    ]);
  });

  it('signs keys with spaces and punctuation the way S3 checks them', async () => {
    const files = storage();
    const key = "uploads/odd key!(1)'*/Coach's notes.pdf";
    await files.put(key, stagedFile(Buffer.from('%PDF-1.7 notes')), 'application/pdf');
    expect((await bytesOf((await files.read(key))!.body)).toString()).toBe('%PDF-1.7 notes');
    await files.remove(key);
    expect(await files.read(key)).toBeNull();
  });

  it('says the keys are wrong when the secret does not match', async () => {
    const files = storage({ secretAccessKey: 'not-the-secret' });
    await expect(files.put('uploads/photo-6/file', stagedFile(photo), 'image/jpeg')).rejects.toThrow(
      /S3 PUT uploads\/photo-6\/file failed: 403 SignatureDoesNotMatch[\s\S]*check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('says the keys are wrong when S3 does not know the key id', async () => {
    const files = storage({ accessKeyId: 'NOT-A-KEY' });
    await expect(files.put('uploads/photo-4/file', stagedFile(photo), 'image/jpeg')).rejects.toThrow(
      /S3 PUT uploads\/photo-4\/file failed: 403 InvalidAccessKeyId[\s\S]*check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });

  it('says which bucket setting is wrong when the bucket does not exist', async () => {
    const files = storage({ bucket: 'no-such-bucket' });
    await expect(files.put('uploads/photo-5/file', stagedFile(photo), 'image/jpeg')).rejects.toThrow(
      /404 NoSuchBucket[\s\S]*check S3_BUCKET/,
    );
  });

  it('aborts the multipart upload when a part is refused, so no parts are left behind', async () => {
    const realFetch = globalThis.fetch;
    const sent = vi.spyOn(globalThis, 'fetch').mockImplementation((request) => {
      return (request as Request).url.includes('partNumber=2')
        ? Promise.resolve(new Response('<Error><Code>InternalError</Code></Error>', { status: 500 }))
        : realFetch(request);
    });
    const files = storage({ multipartThresholdBytes: 6 * 1024 * 1024, partBytes: 5 * 1024 * 1024 });
    await expect(
      files.put('uploads/video-4/file', stagedFile(randomBytes(11 * 1024 * 1024)), 'video/mp4'),
    ).rejects.toThrow(/UploadPart 2 of uploads\/video-4\/file failed: 500 InternalError/);
    const last = sent.mock.calls.at(-1)?.[0] as Request;
    sent.mockRestore();
    expect(`${last.method} ${new URL(last.url).search.replace(/uploadId=\w+/, 'uploadId=…')}`).toBe(
      'DELETE ?uploadId=…',
    );
  });

  it('reports a refused multipart upload and keeps the staged file for another try', async () => {
    const files = storage({ accessKeyId: 'NOT-A-KEY', multipartThresholdBytes: 1 });
    const source = stagedFile(photo);
    await expect(files.put('uploads/video-2/file', source, 'video/mp4')).rejects.toThrow(
      /CreateMultipartUpload uploads\/video-2\/file failed: 403 InvalidAccessKeyId/,
    );
    expect(existsSync(source)).toBe(true);
  });
});

describe('S3 storage from the environment', () => {
  it('is off without a bucket', () => {
    expect(s3FileStorageFromEnv(parseEnv({}))).toBeNull();
  });

  it('is on with a bucket and keys, and works against the bucket', async () => {
    const files = s3FileStorageFromEnv(
      parseEnv({
        S3_BUCKET: bucket,
        S3_ENDPOINT: endpoint,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      }),
    );
    expect(files).toBeInstanceOf(S3FileStorage);
    await files!.put('uploads/env/file', stagedFile(Buffer.from('%PDF-1.7 hello')), 'application/pdf');
    expect((await bytesOf((await files!.read('uploads/env/file'))!.body)).toString()).toBe('%PDF-1.7 hello');
  });

  it('stops at start when a bucket is set without keys, naming each missing key', () => {
    expect(() => parseEnv({ S3_BUCKET: bucket })).toThrow(
      /S3_ACCESS_KEY_ID: is required when S3_BUCKET is set[\s\S]*S3_SECRET_ACCESS_KEY: is required when S3_BUCKET is set/,
    );
  });
});
