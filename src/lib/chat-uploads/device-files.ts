import { createStore, del, get, set } from 'idb-keyval';

/**
 * The bytes of attachments not yet on the server, kept on the device under their upload id (ADR 063): a reload,
 * a closed tab or a day offline resumes the upload from them. IndexedDB keeps a Blob as a file on disk, so a
 * 100 MB video is never held in memory to store it.
 */
export interface DeviceFileStorage {
  save: (uploadId: string, file: Blob) => Promise<void>;
  read: (uploadId: string) => Promise<Blob | undefined>;
  remove: (uploadId: string) => Promise<void>;
}

export const chatFilesDatabase = { name: 'connect-chat-files', store: 'files' } as const;

function indexedDbFileStorage(): DeviceFileStorage {
  const store = createStore(chatFilesDatabase.name, chatFilesDatabase.store);
  return {
    save: (uploadId, file) => set(uploadId, file, store),
    read: (uploadId) => get<Blob>(uploadId, store),
    remove: (uploadId) => del(uploadId, store),
  };
}

/** Where there is no IndexedDB (jsdom, a locked-down browser): kept for the page's life only. */
export function createMemoryDeviceFileStorage(): DeviceFileStorage & { files: Map<string, Blob> } {
  const files = new Map<string, Blob>();
  return {
    files,
    save: (uploadId, file) => {
      files.set(uploadId, file);
      return Promise.resolve();
    },
    read: (uploadId) => Promise.resolve(files.get(uploadId)),
    remove: (uploadId) => {
      files.delete(uploadId);
      return Promise.resolve();
    },
  };
}

let storage: DeviceFileStorage | undefined;

const storageOf = (): DeviceFileStorage =>
  (storage ??= typeof indexedDB === 'undefined' ? createMemoryDeviceFileStorage() : indexedDbFileStorage());

export const saveDeviceFile = (uploadId: string, file: Blob): Promise<void> =>
  storageOf().save(uploadId, file);

export const readDeviceFile = (uploadId: string): Promise<Blob | undefined> => storageOf().read(uploadId);

export const removeDeviceFile = (uploadId: string): Promise<void> => storageOf().remove(uploadId);

/** Tests only: the storage the next calls use (`undefined`: the default again, empty). */
export function configureDeviceFileStorage(next: DeviceFileStorage | undefined): void {
  storage = next;
}
