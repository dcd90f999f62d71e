import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, rm, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Env } from '../../env';

/** A chunk carried more bytes than it may (past the declared size, or over the chunk limit). */
export class ChunkTooLongError extends Error {}

/**
 * The staged bytes of unfinished uploads, one file per upload under `${DATA_DIR}/uploads` (ADR 061). Chunks are
 * streamed to disk at their offset; nothing holds a chunk or the file in memory.
 */
export class UploadStaging {
  constructor(readonly folder: string) {}

  /** The staging file of a storage key (`organisation/upload-random`): its last part. */
  pathOf(storageKey: string): string {
    return path.join(this.folder, path.basename(storageKey));
  }

  /** Makes the empty file if it is not there (a create sent again leaves the bytes as they are). */
  async ensure(storageKey: string): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const handle = await open(this.pathOf(storageKey), 'a');
    await handle.close();
  }

  /**
   * Streams `body` into the file at `offset` and answers how many bytes came; at most `maxBytes`, else
   * ChunkTooLongError. The bytes are synced to disk before answering, so a committed offset survives a crash.
   */
  async writeAt(storageKey: string, offset: number, body: ReadableStream<Uint8Array>, maxBytes: number) {
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(received > maxBytes ? new ChunkTooLongError() : null, chunk);
      },
    });
    const source = Readable.fromWeb(body);
    // `r+` writes in place at `start`; `flush` syncs before close.
    const file = createWriteStream(this.pathOf(storageKey), { flags: 'r+', start: offset, flush: true });
    await pipeline(source, counter, file);
    return received;
  }

  /** Cuts the file back to the committed bytes: a chunk that failed half-way leaves nothing. */
  async truncate(storageKey: string, length: number): Promise<void> {
    await truncate(this.pathOf(storageKey), length).catch(() => undefined);
  }

  /** The first bytes, for finding the type by content. */
  async head(storageKey: string, length: number): Promise<Buffer> {
    const handle = await open(this.pathOf(storageKey), 'r');
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  /** The SHA-256 (hex) of the staged file, read as a stream. */
  async sha256(storageKey: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(this.pathOf(storageKey)), hash);
    return hash.digest('hex');
  }

  async remove(storageKey: string): Promise<void> {
    await rm(this.pathOf(storageKey), { force: true });
  }
}

/** Where the staged chunks of unfinished uploads go, and where the local storage keeps finished files. */
export const uploadFolders = (env: Pick<Env, 'DATA_DIR'>) => ({
  staging: path.join(env.DATA_DIR, 'uploads'),
  files: path.join(env.DATA_DIR, 'files'),
});

export const stagingOf = (env: Pick<Env, 'DATA_DIR'>) => new UploadStaging(uploadFolders(env).staging);
