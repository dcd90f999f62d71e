import { fileTypeFromBuffer } from 'file-type';
import { attachmentKindOf, attachmentTypes, type AttachmentType } from '../../../contract/uploads';

/** How many first bytes `file-type` needs to tell every type it knows. */
export const typeSniffBytes = 4100;

/** `audio/webm;codecs=opus` (what a browser's recorder says) is `audio/webm`. */
export function baseType(type: string): string {
  return type.split(';')[0]!.trim().toLowerCase();
}

export const isAttachmentType = (type: string): type is AttachmentType =>
  (attachmentTypes as readonly string[]).includes(type);

/**
 * The attachment type of a file by its first bytes, or null when it is none of them (ADR 061). A WebM or MP4
 * container holds sound or video alike: declared as sound, a voice message's WebM is audio/webm.
 */
export async function detectAttachmentType(
  head: Uint8Array,
  declared: string,
): Promise<AttachmentType | null> {
  const found = await fileTypeFromBuffer(head);
  if (!found) return null;
  let type = baseType(found.mime);
  if (attachmentKindOf(declared) === 'audio' && (type === 'video/webm' || type === 'video/mp4')) {
    type = type.replace('video/', 'audio/');
  }
  return isAttachmentType(type) ? type : null;
}

/** The organisation's size limit for a type: videos have their own. */
export function sizeLimitOf(
  type: string,
  organization: { uploadMaxVideoBytes: number; uploadMaxOtherBytes: number },
): number {
  return attachmentKindOf(type) === 'video'
    ? organization.uploadMaxVideoBytes
    : organization.uploadMaxOtherBytes;
}
