import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStorage } from './file-storage';

/** Keys are made by the server (organisation/upload-random); anything else would be a path out of the folder. */
const keyPattern = /^[0-9a-z][0-9a-z._-]*(\/[0-9a-z][0-9a-z._-]*)*$/i;

/** Finished attachments in a folder on the server's disk (default `${DATA_DIR}/files`; ADR 061). */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!keyPattern.test(key) || key.includes('..')) throw new Error(`Not a storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, sourcePath: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    try {
      // Atomic on one disk: a reader sees no file or the whole file, and 100 MB is not copied.
      await rename(sourcePath, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      // Staging on another disk: copy beside the target, then rename, so a half-copied file is never read.
      const partial = `${target}.partial`;
      await copyFile(sourcePath, partial);
      await rename(partial, target);
      await rm(sourcePath, { force: true });
    }
  }

  async read(
    key: string,
    range?: { start: number; end: number },
  ): Promise<{ body: Readable; size: number } | null> {
    const file = this.pathOf(key);
    const size = await stat(file).then(
      (found) => found.size,
      () => null,
    );
    if (size === null) return null;
    return { body: createReadStream(file, range ? { start: range.start, end: range.end } : {}), size };
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }
}
