import { uploadLimits } from '@contract/uploads';
import { demoUsers, tokenFor } from '@mocks/data';
import { createUploadsFake } from '@mocks/handlers/uploads';
import { apiError } from '@mocks/handlers/respond';
import { server } from '@mocks/server';
import { sha256 } from 'hash-wasm';
import { http, HttpResponse } from 'msw';
import { signInAs } from '@/testing/sign-in-as';
import type { DeviceAttachment } from './device-attachment';
import { configureDeviceFileStorage, createMemoryDeviceFileStorage, removeDeviceFile } from './device-files';
import { ensureUploaded, fileGoneMessage, forgetKnownUploads } from './ensure-uploaded';
import { prepareAttachment } from './prepare-attachment';

const conversationId = '5f1c0a2e-0000-4000-8000-000000000025';
const chunk = uploadLimits.clientChunkBytes;

/** A photo of `size` bytes whose every byte differs from its neighbour's, so a misplaced chunk changes the hash. */
function photoOf(size: number): Blob {
  const bytes = new Uint8Array(size);
  for (let index = 0; index < size; index += 1) bytes[index] = (index * 31 + (index >> 8)) % 251;
  return new Blob([bytes], { type: 'image/jpeg' });
}

let fake: ReturnType<typeof createUploadsFake>;

beforeEach(() => {
  configureDeviceFileStorage(createMemoryDeviceFileStorage());
  forgetKnownUploads();
  signInAs(demoUsers.athlete);
  fake = createUploadsFake();
  server.use(...fake.handlers);
});

afterEach(() => configureDeviceFileStorage(undefined));

async function attached(size: number): Promise<{ photo: Blob; attachment: DeviceAttachment }> {
  const photo = photoOf(size);
  return { photo, attachment: await prepareAttachment(photo, 'Bullpen.jpg') };
}

async function serverCopyMatches(attachment: DeviceAttachment, photo: Blob) {
  const stored = fake.committedBytesOf(attachment.uploadId)!;
  expect(stored.length).toBe(photo.size);
  expect(await sha256(stored)).toBe(attachment.sha256);
}

/** A chunk whose bytes reach the server and are kept, but whose answer never comes back (a cut connection). */
const dropAnswerAfterServerKeptIt = (times: number) => {
  let left = times;
  server.use(
    http.patch('*/api/upload/chunk', async ({ request }) => {
      if (left === 0) return undefined;
      left -= 1;
      await fake.receiveChunk(request);
      return HttpResponse.error();
    }),
  );
};

describe('sending an attachment to the server', () => {
  it('sends the file in 5 MB chunks and tells progress by the bytes the server kept', async () => {
    const { photo, attachment } = await attached(12 * 1024 * 1024);
    const progress: number[] = [];

    await expect(
      ensureUploaded(conversationId, attachment, (percent) => progress.push(percent)),
    ).resolves.toEqual({ status: 'uploaded' });

    expect(fake.chunkRequests.map(({ offset, length }) => [offset, length])).toEqual([
      [0, chunk],
      [chunk, chunk],
      [2 * chunk, 2 * 1024 * 1024],
    ]);
    expect(progress).toEqual([0, 41, 83, 100]);
    expect(fake.uploadOf(attachment.uploadId)?.upload.status).toBe('complete');
    await serverCopyMatches(attachment, photo);
  });

  it('after an answer lost on the way back, the next attempt goes on from the offset the server kept', async () => {
    const { photo, attachment } = await attached(12 * 1024 * 1024);
    dropAnswerAfterServerKeptIt(1);

    await expect(ensureUploaded(conversationId, attachment, () => undefined)).resolves.toEqual({
      status: 'later',
    });
    expect(fake.uploadOf(attachment.uploadId)?.upload.offset).toBe(chunk);

    const asked: string[] = [];
    server.events.on('request:start', ({ request }) =>
      asked.push(`${request.method} ${new URL(request.url).pathname}`),
    );
    const progress: number[] = [];
    await expect(
      ensureUploaded(conversationId, attachment, (percent) => progress.push(percent)),
    ).resolves.toEqual({ status: 'uploaded' });

    // It asked where the upload stands, and no byte went twice into the file.
    expect(asked[0]).toBe('GET /api/upload');
    expect(fake.chunkRequests.map(({ offset }) => offset)).toEqual([0, chunk, 2 * chunk]);
    expect(progress[0]).toBe(41);
    await serverCopyMatches(attachment, photo);
  });

  it('a chunk that never reached the server is sent again from the same offset', async () => {
    const { photo, attachment } = await attached(6 * 1024 * 1024);
    let cut = true;
    server.use(
      http.patch('*/api/upload/chunk', () => {
        if (!cut) return undefined;
        cut = false;
        return HttpResponse.error();
      }),
    );

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'later' });
    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'uploaded' });

    expect(fake.chunkRequests.map(({ offset }) => offset)).toEqual([0, chunk]);
    await serverCopyMatches(attachment, photo);
  });

  it('a 409 naming another committed offset makes it go on from the server’s offset', async () => {
    const { photo, attachment } = await attached(11 * 1024 * 1024);
    let otherTabWrote = false;
    server.use(
      http.patch('*/api/upload/chunk', async () => {
        if (otherTabWrote) return undefined;
        otherTabWrote = true;
        // Another tab of this device sent the first chunk meanwhile; this request then meets a 409.
        const first = new Request(`http://localhost/api/upload/chunk?id=${attachment.uploadId}&offset=0`, {
          method: 'PATCH',
          headers: { Authorization: `Bearer ${tokenFor(demoUsers.athlete)}` },
          body: await photo.slice(0, chunk).arrayBuffer(),
        });
        await fake.receiveChunk(first);
        return undefined;
      }),
    );

    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(request.method));

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'uploaded' });

    // The 409's offset was enough: no question in between.
    expect(asked).toEqual(['POST', 'PATCH', 'PATCH', 'PATCH']);
    expect(fake.chunkRequests.map(({ offset }) => offset)).toEqual([0, 0, chunk, 2 * chunk]);
    await serverCopyMatches(attachment, photo);
  });

  it('a repeated last chunk after a lost answer ends as uploaded: the server already has the whole file', async () => {
    const { photo, attachment } = await attached(1024 * 1024);
    dropAnswerAfterServerKeptIt(1);

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'later' });
    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'uploaded' });

    expect(fake.chunkRequests).toHaveLength(1);
    await serverCopyMatches(attachment, photo);
  });

  it.each([
    [503, 'the server is down'],
    [401, 'the session lapsed'],
    [429, 'too many requests'],
    [408, 'the request timed out'],
  ])('a %i (%s) means later, not never', async (status) => {
    const { attachment } = await attached(1024);
    server.use(http.post('*/api/upload', () => apiError(status, { code: 'X', message: 'Not now.' })));

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'later' });
  });

  it('a refusal says the server’s words for the field', async () => {
    const { attachment } = await attached(1024);
    server.use(
      http.post('*/api/upload', () =>
        apiError(413, {
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The file is too large.',
          fields: { size: 'Photos can be up to 10 MB in this organisation.' },
        }),
      ),
    );

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({
      status: 'refused',
      message: 'Photos can be up to 10 MB in this organisation.',
    });
  });

  it('bytes that do not hash to the declared SHA-256 are refused', async () => {
    const { attachment } = await attached(2048);
    const damaged = { ...attachment, sha256: '0'.repeat(64) };

    expect(await ensureUploaded(conversationId, damaged, () => undefined)).toEqual({
      status: 'refused',
      message: 'The SHA-256 of the bytes received is not the one declared.',
    });
  });

  it('a file no longer on the device is refused at once', async () => {
    const { attachment } = await attached(2048);
    await removeDeviceFile(attachment.uploadId);

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({
      status: 'refused',
      message: fileGoneMessage,
    });
    expect(fake.chunkRequests).toEqual([]);
  });

  it('an upload the server let expire is created again from the start', async () => {
    const { photo, attachment } = await attached(6 * 1024 * 1024);
    dropAnswerAfterServerKeptIt(1);
    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'later' });
    // A day later the server has removed the unfinished upload.
    fake.expire(attachment.uploadId);

    expect(await ensureUploaded(conversationId, attachment, () => undefined)).toEqual({ status: 'uploaded' });
    await serverCopyMatches(attachment, photo);
  });
});
