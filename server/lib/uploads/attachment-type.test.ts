import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { baseType, detectAttachmentType } from './attachment-type';

/** The start of a WebM file as a browser's MediaRecorder writes it (an EBML header with DocType "webm"). */
const webm = Buffer.concat([
  Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04,
  ]),
  Buffer.from([0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.from([0x42, 0x87, 0x81, 0x04, 0x42, 0x85, 0x81, 0x02]),
  randomBytes(4000),
]);

describe('the type of an attachment by its first bytes', () => {
  it('takes a voice message’s WebM as sound when declared as sound, and as video otherwise', async () => {
    expect(await detectAttachmentType(webm, baseType('audio/webm;codecs=opus'))).toBe('audio/webm');
    expect(await detectAttachmentType(webm, 'video/webm')).toBe('video/webm');
    expect(await detectAttachmentType(webm, 'image/png')).toBe('video/webm');
  });

  it('finds nothing attachable in text or a program', async () => {
    expect(await detectAttachmentType(Buffer.from('plain words '.repeat(400)), 'image/png')).toBeNull();
    expect(
      await detectAttachmentType(Buffer.concat([Buffer.from('MZ'), randomBytes(4000)]), 'image/png'),
    ).toBeNull();
  });
});
