/**
 * An attachment of a message written on this device (issue 25, ADR 061): its bytes are kept on the device (in
 * IndexedDB, under `uploadId`) until the upload is complete, so a reload or a closed tab resumes it.
 */
export interface DeviceAttachment {
  /** Made on the device: the upload's id on the server too. */
  uploadId: string;
  fileName: string;
  type: string;
  size: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  /** Voice messages only. */
  durationMs: number | null;
  waveform: number[] | null;
}

/** What one attempt to finish an attachment's upload came to; the chat outbox sends the message after 'uploaded'. */
export type UploadOutcome =
  | { status: 'uploaded' }
  /** No network, a cut connection, a 5xx: try again later from the committed offset. */
  | { status: 'later' }
  /** Refused for good (type, size, checksum): the message cannot be sent with it. */
  | { status: 'refused'; message: string };
