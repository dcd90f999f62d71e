import { attachmentKindOf, type Attachment } from '../../../contract/uploads';
import type { uploads } from '../../db/schema';
import type { FileLinks } from './file-links';

type UploadRow = typeof uploads.$inferSelect;

/** A complete upload as a message shows it to one viewer: links signed for that viewer (ADR 061). */
export async function attachmentView(upload: UploadRow, viewerId: string, links: FileLinks): Promise<Attachment> {
  const type = upload.detectedType ?? upload.declaredType;
  return {
    id: upload.id,
    fileName: upload.fileName,
    type,
    kind: attachmentKindOf(type),
    size: upload.size,
    sha256: upload.sha256,
    fileUrl: await links.link(upload.id, 'file', viewerId),
    previewUrl: upload.previewKey ? await links.link(upload.id, 'preview', viewerId) : null,
    durationMs: upload.durationMs,
    waveform: upload.waveform,
  };
}
