import { openAsBlob } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { Env } from '../../env';
import type { FileStorage } from './file-storage';

/** S3 refuses parts under 5 MB (but the last) and more than 10 000 parts. */
const minimumPartBytes = 5 * 1024 * 1024;
const maximumParts = 10_000;

export interface S3FileStorageOptions {
  bucket: string;
  /** Unset: AWS's endpoint for the region. */
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** endpoint/bucket/key instead of bucket.endpoint/key (MinIO, s3rver and other servers without bucket hosts). */
  forcePathStyle?: boolean;
  /** Files larger than this go up in parts (ADR 064). */
  multipartThresholdBytes?: number;
  /** The size of each part; raised when a file would need more than 10 000. */
  partBytes?: number;
  /** How often a request answered 5xx or 429 is sent again (aws4fetch backs off between tries). */
  retries?: number;
}

/** S3 answered something other than success: the status, S3's code and message, and what was being done. */
export class S3StorageError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string | null,
    detail: string | null,
  ) {
    const hint =
      code === 'SignatureDoesNotMatch' || code === 'InvalidAccessKeyId'
        ? ' (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)'
        : code === 'NoSuchBucket'
          ? ' (check S3_BUCKET)'
          : '';
    super(`S3 ${operation} failed: ${status}${code ? ` ${code}` : ''}${detail ? ` — ${detail}` : ''}${hint}`);
    this.name = 'S3StorageError';
  }
}

/**
 * Finished attachments in an S3-compatible bucket (issue 25, ADR 064), signed with aws4fetch. Bodies are file
 * Blobs (`fs.openAsBlob`), read from disk as they are sent, so a 1 GB video never sits in memory.
 */
export class S3FileStorage implements FileStorage {
  private readonly client: AwsClient;
  private readonly baseUrl: URL;
  private readonly multipartThresholdBytes: number;
  private readonly partBytes: number;

  constructor(options: S3FileStorageOptions) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: 's3',
      retries: options.retries ?? 3,
    });
    const endpoint = new URL(options.endpoint ?? `https://s3.${options.region}.amazonaws.com`);
    if (options.forcePathStyle) {
      endpoint.pathname = `${endpoint.pathname.replace(/\/$/, '')}/${encodeURIComponent(options.bucket)}`;
    } else {
      endpoint.hostname = `${options.bucket}.${endpoint.hostname}`;
    }
    this.baseUrl = endpoint;
    this.multipartThresholdBytes = options.multipartThresholdBytes ?? 64 * 1024 * 1024;
    this.partBytes = Math.max(options.partBytes ?? 16 * 1024 * 1024, minimumPartBytes);
  }

  async put(key: string, sourcePath: string, contentType: string): Promise<void> {
    const { size } = await stat(sourcePath);
    const file = await openAsBlob(sourcePath);
    if (size > this.multipartThresholdBytes) await this.putInParts(key, file, contentType);
    else {
      const response = await this.send('PUT', key, {
        body: file,
        headers: { 'Content-Type': contentType, 'Content-Length': String(size) },
      });
      await this.expectOk(response, `PUT ${key}`);
    }
    // The staged copy is no longer needed once the bucket holds the file.
    await rm(sourcePath, { force: true });
  }

  async read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ body: Readable; size: number } | null> {
    const response = await this.send('GET', key, {
      headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    await this.expectOk(response, `GET ${key}`);
    const size = sizeOf(response);
    if (!response.body) return { body: Readable.from([]), size };
    return { body: Readable.fromWeb(response.body as NodeWebReadableStream<Uint8Array>), size };
  }

  async remove(key: string): Promise<void> {
    const response = await this.send('DELETE', key);
    // S3 answers 204 for a missing key too; other servers may say 404: both mean it is gone.
    if (response.status === 404) {
      await response.body?.cancel();
      return;
    }
    await this.expectOk(response, `DELETE ${key}`);
    await response.body?.cancel();
  }

  private async putInParts(key: string, file: Blob, contentType: string): Promise<void> {
    const created = await this.send('POST', key, {
      query: 'uploads',
      headers: { 'Content-Type': contentType },
    });
    await this.expectOk(created, `CreateMultipartUpload ${key}`);
    const uploadId = xmlValue(await created.text(), 'UploadId');
    if (!uploadId)
      throw new S3StorageError(`CreateMultipartUpload ${key}`, created.status, null, 'no UploadId');
    const uploadQuery = `uploadId=${encodeURIComponent(uploadId)}`;
    try {
      const partBytes = Math.max(this.partBytes, Math.ceil(file.size / maximumParts));
      const parts: { number: number; etag: string }[] = [];
      for (let start = 0, number = 1; start < file.size; start += partBytes, number += 1) {
        const part = file.slice(start, Math.min(start + partBytes, file.size));
        const response = await this.send('PUT', key, {
          query: `partNumber=${number}&${uploadQuery}`,
          body: part,
          headers: { 'Content-Length': String(part.size) },
        });
        await this.expectOk(response, `UploadPart ${number} of ${key}`);
        await response.body?.cancel();
        const etag = response.headers.get('ETag');
        if (!etag)
          throw new S3StorageError(`UploadPart ${number} of ${key}`, response.status, null, 'no ETag');
        parts.push({ number, etag });
      }
      const completion = `<CompleteMultipartUpload>${parts
        .map(
          (part) =>
            `<Part><PartNumber>${part.number}</PartNumber><ETag>${escapeXml(part.etag)}</ETag></Part>`,
        )
        .join('')}</CompleteMultipartUpload>`;
      const completed = await this.send('POST', key, {
        query: uploadQuery,
        body: completion,
        headers: { 'Content-Type': 'application/xml' },
      });
      await this.expectOk(completed, `CompleteMultipartUpload ${key}`);
      // S3 may answer 200 and still report an error in the body.
      const answer = await completed.text();
      if (answer.includes('<Error>')) {
        throw new S3StorageError(
          `CompleteMultipartUpload ${key}`,
          completed.status,
          xmlValue(answer, 'Code'),
          xmlValue(answer, 'Message'),
        );
      }
    } catch (error) {
      // Parts of an abandoned upload are billed until aborted; the first error is the one worth reporting.
      await this.send('DELETE', key, { query: uploadQuery })
        .then((response) => response.body?.cancel())
        .catch(() => undefined);
      throw error;
    }
  }

  private send(
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    key: string,
    { query, body, headers }: { query?: string; body?: Blob | string; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const url = new URL(this.baseUrl);
    url.pathname = `${url.pathname.replace(/\/$/, '')}/${encodeKey(key)}`;
    if (query) url.search = query;
    return this.client.fetch(url, { method, body, headers });
  }

  private async expectOk(response: Response, operation: string): Promise<void> {
    if (response.ok) return;
    const text = await response.text().catch(() => '');
    throw new S3StorageError(operation, response.status, xmlValue(text, 'Code'), xmlValue(text, 'Message'));
  }
}

/** S3 storage from the environment, or null when no bucket is set (files then stay on the server's disk). */
export function s3FileStorageFromEnv(
  env: Pick<
    Env,
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): FileStorage | null {
  if (!env.S3_BUCKET) return null;
  // parseEnv already refuses a bucket without keys; this guards a hand-made Env.
  if (!env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
    throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required');
  }
  return new S3FileStorage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  });
}

/** Each segment escaped as S3 expects (RFC 3986), the slashes kept. */
function encodeKey(key: string): string {
  return key
    .split('/')
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join('/');
}

function sizeOf(response: Response): number {
  const total = /\/(\d+)\s*$/.exec(response.headers.get('Content-Range') ?? '')?.[1];
  if (total) return Number(total);
  const length = response.headers.get('Content-Length');
  if (length !== null) return Number(length);
  throw new S3StorageError('GET', response.status, null, 'the answer has no Content-Length or Content-Range');
}

function xmlValue(xml: string, tag: string): string | null {
  const match = new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml);
  return match?.[1] ? unescapeXml(match[1]) : null;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
