import type { Readable } from 'node:stream';

/**
 * Where finished attachments are kept (issue 25, ADR 061): a local folder by default, S3-compatible storage when
 * configured. Chunks of an unfinished upload are staged on the server's disk (DATA_DIR) and handed to the
 * storage once the file is whole and its SHA-256 checked.
 */
export interface FileStorage {
  /** Keeps the staged file at `sourcePath` under `key` (the source may be moved away). */
  put(key: string, sourcePath: string, contentType: string): Promise<void>;
  /** The file's bytes, or a byte range of it (both ends included), with its whole size. */
  read(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
}
