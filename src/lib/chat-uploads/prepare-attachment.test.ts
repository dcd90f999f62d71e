import { uploadLimits } from '@contract/uploads';
import { sha256 } from 'hash-wasm';
import { configureDeviceFileStorage, createMemoryDeviceFileStorage, readDeviceFile } from './device-files';
import { hashSliceBytes, prepareAttachment } from './prepare-attachment';

const megabytes = (count: number) => count * 1024 * 1024;

/** A Blob of `size` bytes that claims its size without holding it: only its slices are ever read. */
function sparseBlob(size: number, type: string): Blob {
  return new Blob([new Uint8Array(size)], { type });
}

beforeEach(() => configureDeviceFileStorage(createMemoryDeviceFileStorage()));
afterEach(() => configureDeviceFileStorage(undefined));

describe('preparing a file to attach', () => {
  it('hashes the file in 5 MB slices, gives it an upload id and keeps its bytes on the device', async () => {
    const bytes = new Uint8Array(megabytes(11) + 7).map((_, index) => index % 253);
    const video = new Blob([bytes], { type: 'video/mp4' });
    const sliceSizes: number[] = [];
    const originalSlice = video.slice.bind(video);
    vi.spyOn(video, 'slice').mockImplementation((...args) => {
      const part = originalSlice(...args);
      sliceSizes.push(part.size);
      return part;
    });

    const attachment = await prepareAttachment(video, 'Bullpen session.mp4');

    expect(Math.max(...sliceSizes)).toBeLessThanOrEqual(hashSliceBytes);
    expect(sliceSizes).toHaveLength(3);
    expect(attachment.uploadId).toMatch(/^[0-9a-f-]{36}$/);
    expect(attachment).toEqual({
      uploadId: attachment.uploadId,
      fileName: 'Bullpen session.mp4',
      type: 'video/mp4',
      size: bytes.length,
      sha256: await sha256(bytes),
      durationMs: null,
      waveform: null,
    });
    expect(await readDeviceFile(attachment.uploadId)).toBe(video);
  });

  it('takes the type from the name when the browser gives none, and drops a recording’s codec', async () => {
    const photo = await prepareAttachment(new Blob(['jpeg bytes']), 'IMG_0042.JPG');
    expect(photo.type).toBe('image/jpeg');

    const voice = await prepareAttachment(
      new Blob(['opus bytes'], { type: 'audio/webm;codecs=opus' }),
      'Voice message.webm',
      { durationMs: 3210.6, waveform: [0.2, 1.4, -0.1] },
    );
    expect(voice).toMatchObject({ type: 'audio/webm', durationMs: 3211, waveform: [0.2, 1, 0] });
  });

  it('refuses a type that cannot be attached, saying which file', async () => {
    await expect(
      prepareAttachment(new Blob(['MZ'], { type: 'application/x-msdownload' }), 'setup.exe'),
    ).rejects.toThrow('setup.exe cannot be attached: send photos, videos, PDFs or voice messages.');
  });

  it('refuses a photo over 20 MB and a video over 100 MB, but takes a 30 MB video', async () => {
    await expect(prepareAttachment(sparseBlob(megabytes(21), 'image/png'), 'Chart.png')).rejects.toThrow(
      'Chart.png is over 20 MB, the most a photo or file can be.',
    );
    await expect(
      prepareAttachment(sparseBlob(uploadLimits.videoBytes + 1, 'video/quicktime'), 'Game.mov'),
    ).rejects.toThrow('Game.mov is over 100 MB, the most a video can be.');
    await expect(
      prepareAttachment(sparseBlob(megabytes(30), 'video/quicktime'), 'Game.mov'),
    ).resolves.toMatchObject({ type: 'video/quicktime', size: megabytes(30) });
  });

  it('refuses an empty file', async () => {
    await expect(prepareAttachment(new Blob([], { type: 'application/pdf' }), 'Plan.pdf')).rejects.toThrow(
      'Plan.pdf is empty.',
    );
  });
});
