import type { DeviceAttachment, UploadOutcome } from './device-attachment';

/**
 * Creates or resumes the attachment's upload and sends its chunks from the committed offset, telling progress in
 * percent. Placeholder until the upload engine lands (issue 25): always 'later'.
 */
export function ensureUploaded(
  _conversationId: string,
  _attachment: DeviceAttachment,
  _onProgress: (percent: number) => void,
): Promise<UploadOutcome> {
  return Promise.resolve({ status: 'later' });
}
