import type { AttachmentType } from '@contract/uploads';
import { attachmentTypes, uploadLimits } from '@contract/uploads';
import { createSHA256 } from 'hash-wasm';
import type { DeviceAttachment } from './device-attachment';
import { saveDeviceFile } from './device-files';

/** The slice hashed at a time: a 100 MB video is read 5 MB after 5 MB, never as one ArrayBuffer. */
export const hashSliceBytes = uploadLimits.clientChunkBytes;

const typesByExtension: Readonly<Record<string, AttachmentType>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heic',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  pdf: 'application/pdf',
  weba: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
};

/** Names browsers give that are the same type as one allowed. */
const typeAliases: Readonly<Record<string, AttachmentType>> = {
  'image/jpg': 'image/jpeg',
  'image/heif': 'image/heic',
  'audio/x-m4a': 'audio/mp4',
  'audio/mp3': 'audio/mpeg',
};

const isAttachmentType = (type: string): type is AttachmentType =>
  (attachmentTypes as readonly string[]).includes(type);

/** `audio/webm;codecs=opus` → `audio/webm`: the server compares the type without its parameters. */
const bareType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/** The type to declare: the Blob's when it is one allowed, else the one its name says; null when neither is. */
export function attachmentTypeOf(file: Blob, fileName: string): AttachmentType | null {
  const declared = bareType(file.type);
  const ofBlob = typeAliases[declared] ?? declared;
  if (isAttachmentType(ofBlob)) return ofBlob;
  const extension = fileName.toLowerCase().split('.').pop() ?? '';
  return fileName.includes('.') ? (typesByExtension[extension] ?? null) : null;
}

export const attachmentSizeLimit = (type: string): number =>
  type.startsWith('video/') ? uploadLimits.videoBytes : uploadLimits.otherBytes;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

/** A name the server takes: trimmed, at most 200 characters with its extension kept. */
function fittedName(fileName: string, type: string): string {
  const name = fileName.trim() || `Attachment.${type.split('/')[1] ?? 'bin'}`;
  if (name.length <= uploadLimits.fileNameMax) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return name.slice(0, uploadLimits.fileNameMax - extension.length) + extension;
}

/** WebCrypto has no incremental digest: the whole file is read at once, so it is only the fallback. */
async function sha256AtOnce(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Hex SHA-256 of the Blob, read in slices. */
export async function sha256OfBlob(file: Blob): Promise<string> {
  // A browser that may not compile WebAssembly under the page's policy (Safari before 16) hashes with WebCrypto.
  const hasher = await createSHA256().catch(() => null);
  if (!hasher) return sha256AtOnce(file);
  hasher.init();
  for (let start = 0; start < file.size; start += hashSliceBytes) {
    const slice = await file.slice(start, start + hashSliceBytes).arrayBuffer();
    hasher.update(new Uint8Array(slice));
  }
  return hasher.digest('hex');
}

/**
 * Makes a chosen file or a recording an attachment of this device: checks its type and size against the
 * defaults (the server checks again by content and by the organisation's limits), hashes it, gives it an upload
 * id and keeps its bytes on the device. Throws an Error whose message the screen shows as it is.
 */
export async function prepareAttachment(
  file: Blob,
  fileName: string,
  voice?: { durationMs: number; waveform: number[] },
): Promise<DeviceAttachment> {
  const type = attachmentTypeOf(file, fileName);
  const shownName = fileName.trim() || 'This file';
  if (type === null) {
    throw new Error(`${shownName} cannot be attached: send photos, videos, PDFs or voice messages.`);
  }
  if (file.size === 0) throw new Error(`${shownName} is empty.`);
  const limit = attachmentSizeLimit(type);
  if (file.size > limit) {
    const what = type.startsWith('video/') ? 'a video' : 'a photo or file';
    throw new Error(`${shownName} is over ${megabytes(limit)}, the most ${what} can be.`);
  }
  const sha256 = await sha256OfBlob(file);
  const uploadId = crypto.randomUUID();
  await saveDeviceFile(uploadId, file);
  return {
    uploadId,
    fileName: fittedName(fileName, type),
    type,
    size: file.size,
    sha256,
    durationMs: voice ? Math.round(voice.durationMs) : null,
    waveform: voice ? voice.waveform.map((peak) => Math.min(1, Math.max(0, peak))) : null,
  };
}
