import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadLimits } from '../../../contract/uploads';
import { organizations, uploads } from '../../db/schema';
import { UploadExpiry, uploadLifetimeMs } from '../../lib/uploads/upload-expiry';
import { stagingOf } from '../../lib/uploads/upload-staging';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { uploadHelpers } from './upload-test-helpers';

let t: TestContext;
let h: ReturnType<typeof uploadHelpers>;
let jamie: string;
let tyler: string;
let rivals: string;
let conversationId: string;
let photo: Uint8Array;
const pdf = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n' +
    'x'.repeat(5000) +
    '\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

beforeAll(async () => {
  t = await createTestContext();
  h = uploadHelpers(t);
  [jamie, tyler, rivals] = await Promise.all([
    t.signIn('athlete@demo.test'),
    t.signIn('tyler.brooks@demo.test'),
    t.signIn('athlete@rivals.test'),
  ]);
  conversationId = await h.conversationOf('coach@demo.test', 'athlete@demo.test');
  photo = new Uint8Array(
    await sharp(randomBytes(200 * 100 * 3), { raw: { width: 200, height: 100, channels: 3 } })
      .png()
      .toBuffer(),
  );
});
afterAll(() => t.close());

/** A request body that sends these pieces one by one, then ends or fails (the client gone). */
function streamOf(pieces: Uint8Array[], failure?: Error): ReadableStream<Uint8Array> {
  const queue = [...pieces];
  return new ReadableStream({
    async pull(controller) {
      // As over a network: the pieces before have been written by the time the next comes.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const piece = queue.shift();
      if (piece) controller.enqueue(piece);
      else if (failure) controller.error(failure);
      else controller.close();
    },
  });
}

const rowOf = async (id: string) => (await t.db.select().from(uploads).where(eq(uploads.id, id)))[0];
const stagedPathOf = async (id: string) => stagingOf(t.env).pathOf((await rowOf(id))!.storageKey);

describe('who may upload to a conversation', () => {
  it('answers 404 to an athlete outside it and to another organisation’s user, as if it did not exist', async () => {
    expect((await h.create(tyler, h.declare(conversationId, photo))).status).toBe(404);
    expect((await h.create(rivals, h.declare(conversationId, photo))).status).toBe(404);
  });
});

describe('what may be attached', () => {
  it('refuses a type that may not be attached, naming type', async () => {
    const answer = await h.create(
      jamie,
      h.declare(conversationId, photo, { type: 'application/x-msdownload' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('type');
  });

  it('refuses a file over the organisation’s limit for its kind with 413 naming size', async () => {
    const photoTooLarge = await h.create(
      jamie,
      h.declare(conversationId, photo, { size: uploadLimits.otherBytes + 1 }),
    );
    expect(photoTooLarge.status).toBe(413);
    expect(photoTooLarge.body.error.fields).toHaveProperty('size');
    const video = { type: 'video/mp4', fileName: 'swing.mp4' };
    expect(
      (
        await h.create(
          jamie,
          h.declare(conversationId, photo, { ...video, size: uploadLimits.otherBytes + 1 }),
        )
      ).status,
    ).toBe(201);
    expect(
      (
        await h.create(
          jamie,
          h.declare(conversationId, photo, { ...video, size: uploadLimits.videoBytes + 1 }),
        )
      ).status,
    ).toBe(413);
  });

  it('takes the type from the content: a PNG named and declared as a PDF is a PNG', async () => {
    const declared = h.declare(conversationId, photo, { fileName: 'report.pdf', type: 'application/pdf' });
    await h.create(jamie, declared);
    const done = await h.uploadWhole(jamie, declared.id, photo);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'complete', type: 'image/png' });
  });

  it('refuses text declared as a photo and a program renamed .png at the first bytes, removing them', async () => {
    for (const bytes of [
      new TextEncoder().encode('Not a photo at all. '.repeat(300)),
      new Uint8Array([0x4d, 0x5a, 0x90, 0x00, ...randomBytes(6000)]),
    ]) {
      const declared = h.declare(conversationId, bytes);
      await h.create(jamie, declared);
      const staged = await stagedPathOf(declared.id);
      const answer = await h.chunk(jamie, declared.id, 0, bytes);
      expect(answer.status).toBe(400);
      expect(answer.body.error.fields).toHaveProperty('type');
      expect(await rowOf(declared.id)).toBeUndefined();
      expect(existsSync(staged)).toBe(false);
    }
  });

  it('refuses content of a kind over its own limit: a "video" that is a PDF over the limit of other files', async () => {
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
    await t.db.update(organizations).set({ uploadMaxOtherBytes: 4000 }).where(eq(organizations.id, demo!.id));
    try {
      const declared = h.declare(conversationId, pdf, { type: 'video/mp4', fileName: 'swing.mp4' });
      expect((await h.create(jamie, declared)).status).toBe(201);
      const answer = await h.chunk(jamie, declared.id, 0, pdf);
      expect(answer.status).toBe(413);
      expect(answer.body.error.fields).toHaveProperty('size');
      expect(await rowOf(declared.id)).toBeUndefined();
    } finally {
      await t.db
        .update(organizations)
        .set({ uploadMaxOtherBytes: uploadLimits.otherBytes })
        .where(eq(organizations.id, demo!.id));
    }
  });
});

describe('chunks that do not fit', () => {
  it('refuses bytes past the declared size (400 naming offset) and keeps nothing of that chunk', async () => {
    const declared = h.declare(conversationId, photo);
    await h.create(jamie, declared);
    await h.chunk(jamie, declared.id, 0, photo.subarray(0, 10_000));
    const past = await h.chunk(jamie, declared.id, 10_000, new Uint8Array(photo.byteLength));
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toHaveProperty('offset');
    // Without a Content-Length the bytes are counted as they come.
    const streamed = await t.app.request(`http://localhost/api/upload/chunk?id=${declared.id}&offset=10000`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${jamie}`, 'content-type': 'application/offset+octet-stream' },
      body: streamOf([photo.subarray(10_000, 12_000), new Uint8Array(photo.byteLength)]),
      duplex: 'half',
    });
    expect(streamed.status).toBe(400);
    expect((await rowOf(declared.id))!.committedBytes).toBe(10_000);
    expect(statSync(await stagedPathOf(declared.id)).size).toBe(10_000);
  });

  it('refuses a chunk over the chunk limit with 413', async () => {
    const big = new Uint8Array(uploadLimits.chunkBytes + 1);
    const declared = h.declare(conversationId, big, { type: 'video/mp4', fileName: 'swing.mp4' });
    await h.create(jamie, declared);
    const answer = await h.chunk(jamie, declared.id, 0, big);
    expect(answer.status).toBe(413);
    expect((await rowOf(declared.id))!.committedBytes).toBe(0);
  });

  it('keeps nothing of a chunk cut off mid-way (the phone lost its signal): only whole chunks count', async () => {
    const declared = h.declare(conversationId, photo);
    await h.create(jamie, declared);
    await h.chunk(jamie, declared.id, 0, photo.subarray(0, 10_000));
    const cutOff = await t.app.request(`http://localhost/api/upload/chunk?id=${declared.id}&offset=10000`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${jamie}`, 'content-type': 'application/offset+octet-stream' },
      body: streamOf([photo.subarray(10_000, 15_000)], new Error('The connection was lost')),
      duplex: 'half',
    });
    expect(cutOff.status).toBe(400);
    expect(cutOff.headers.get('upload-offset')).toBe('10000');
    expect((await rowOf(declared.id))!.committedBytes).toBe(10_000);
    expect(statSync(await stagedPathOf(declared.id)).size).toBe(10_000);
    expect((await h.chunk(jamie, declared.id, 10_000, photo.subarray(10_000))).body.data.status).toBe(
      'complete',
    );
  });
});

describe('a file that is not the one declared', () => {
  it('is refused at the last chunk (400 naming sha256), the upload and its staged file removed', async () => {
    const declared = h.declare(conversationId, photo, { sha256: 'ab'.repeat(32) });
    await h.create(jamie, declared);
    const staged = await stagedPathOf(declared.id);
    const answer = await h.uploadWhole(jamie, declared.id, photo);
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('sha256');
    expect(await rowOf(declared.id)).toBeUndefined();
    expect(existsSync(staged)).toBe(false);
    expect((await t.request('GET', `/api/upload?id=${declared.id}`, { token: jamie })).status).toBe(404);
  });
});

describe('unfinished uploads after a day', () => {
  it('are not resumable, and the sweep removes their rows and staged files (two sweeps at once too)', async () => {
    const old = h.declare(conversationId, photo);
    const fresh = h.declare(conversationId, photo);
    const finished = h.declare(conversationId, photo);
    for (const declared of [old, fresh, finished]) await h.create(jamie, declared);
    await h.chunk(jamie, old.id, 0, photo.subarray(0, 10_000));
    await h.uploadWhole(jamie, finished.id, photo);
    const staged = await stagedPathOf(old.id);
    const dayAndMinute = new Date(Date.now() - uploadLifetimeMs - 60_000);
    await t.db.update(uploads).set({ createdAt: dayAndMinute }).where(eq(uploads.id, old.id));
    await t.db.update(uploads).set({ createdAt: dayAndMinute }).where(eq(uploads.id, finished.id));

    expect((await h.chunk(jamie, old.id, 10_000, photo.subarray(10_000, 20_000))).status).toBe(404);
    expect((await t.request('GET', `/api/upload?id=${old.id}`, { token: jamie })).status).toBe(404);

    // A clock a day on: the fresh one is not yet a day old by the database's times, the old one is.
    const expiry = new UploadExpiry(t.db, stagingOf(t.env), () => Date.now());
    const removed = await Promise.all([expiry.sweep(), expiry.sweep()]);
    expect(removed[0] + removed[1]).toBeGreaterThanOrEqual(1);
    expect(await rowOf(old.id)).toBeUndefined();
    expect(existsSync(staged)).toBe(false);
    expect(await rowOf(fresh.id)).toBeDefined();
    expect((await rowOf(finished.id))!.status).toBe('complete');

    const dayLater = new UploadExpiry(t.db, stagingOf(t.env), () => Date.now() + uploadLifetimeMs + 60_000);
    expect(await dayLater.sweep()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(fresh.id)).toBeUndefined();
    expect((await rowOf(finished.id))!.status).toBe('complete');
  });
});
