import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationMembers, uploads } from '../../db/schema';
import { FileLinks } from '../../lib/uploads/file-links';
import { stagingOf } from '../../lib/uploads/upload-staging';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { uploadHelpers } from './upload-test-helpers';

let t: TestContext;
let h: ReturnType<typeof uploadHelpers>;
let coach: string;
let jamie: string;
let conversationId: string;
let photo: Uint8Array;

/** A photo of noise, so it is some 750 KB and goes up in several chunks. */
async function noisyPhoto(width: number, height: number): Promise<Uint8Array> {
  const pixels = randomBytes(width * height * 3);
  return new Uint8Array(
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer(),
  );
}

beforeAll(async () => {
  t = await createTestContext();
  h = uploadHelpers(t);
  [coach, jamie] = await Promise.all([t.signIn('coach@demo.test'), t.signIn('athlete@demo.test')]);
  conversationId = await h.conversationOf('coach@demo.test', 'athlete@demo.test');
  photo = await noisyPhoto(640, 400);
});
afterAll(() => t.close());

describe('an athlete sends a photo in chunks', () => {
  it('creates the upload, writes chunks at their offsets, and ends complete with a file and a preview', async () => {
    const declared = h.declare(conversationId, photo);
    const created = await h.create(jamie, declared);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: declared.id, offset: 0, status: 'uploading' });

    const first = await h.chunk(jamie, declared.id, 0, photo.subarray(0, 100_000));
    expect(first.status).toBe(200);
    expect(first.body.data.offset).toBe(100_000);
    expect(first.headers.get('upload-offset')).toBe('100000');

    // The same chunk again (its answer was lost): refused with the committed offset, nothing changes.
    const again = await h.chunk(jamie, declared.id, 0, photo.subarray(0, 100_000));
    expect(again.status).toBe(409);
    expect(again.body.error.fields?.offset).toBe('100000');
    let offset = 100_000;
    while (offset < photo.byteLength) {
      const answer = await h.chunk(jamie, declared.id, offset, photo.subarray(offset, offset + 100_000));
      expect(answer.status).toBe(200);
      offset = answer.body.data.offset;
    }
    expect(offset).toBe(photo.byteLength);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, declared.id));
    expect(row).toMatchObject({
      status: 'complete',
      detectedType: 'image/png',
      committedBytes: photo.byteLength,
    });
    expect(row!.previewKey).not.toBeNull();
    expect(existsSync(stagingOf(t.env).pathOf(row!.storageKey))).toBe(false);
  });

  it('answers the same declaration again with the upload as it stands, so a reload resumes it', async () => {
    const declared = h.declare(conversationId, photo);
    await h.create(jamie, declared);
    await h.chunk(jamie, declared.id, 0, photo.subarray(0, 50_000));
    const again = await h.create(jamie, declared);
    expect(again.status).toBe(200);
    expect(again.body.data.offset).toBe(50_000);
    const asked = await t.request('GET', `/api/upload?id=${declared.id}`, { token: jamie });
    expect(asked.status).toBe(200);
    expect(asked.headers.get('upload-offset')).toBe('50000');
  });

  it('refuses another declaration for a taken id (409), and shows an upload only to its owner', async () => {
    const declared = h.declare(conversationId, photo);
    await h.create(jamie, declared);
    expect((await h.create(jamie, { ...declared, size: photo.byteLength - 1 })).status).toBe(409);
    expect((await h.create(coach, declared)).status).toBe(409);
    expect((await t.request('GET', `/api/upload?id=${declared.id}`, { token: coach })).status).toBe(404);
    expect((await h.chunk(coach, declared.id, 0, photo.subarray(0, 10))).status).toBe(404);
  });

  it('leaves a repeated chunk as it was: the second copy answers 409 with the committed offset', async () => {
    const declared = h.declare(conversationId, photo);
    await h.create(jamie, declared);
    expect((await h.chunk(jamie, declared.id, 0, photo.subarray(0, 20_000))).status).toBe(200);
    const repeated = await h.chunk(jamie, declared.id, 0, photo.subarray(0, 20_000));
    expect(repeated.status).toBe(409);
    expect(repeated.headers.get('upload-offset')).toBe('20000');
    const ahead = await h.chunk(jamie, declared.id, 40_000, photo.subarray(40_000, 60_000));
    expect(ahead.status).toBe(409);
    expect(ahead.body.error.fields).toEqual({ offset: '20000' });
  });
});

describe('files by signed links', () => {
  let uploadId: string;
  let links: FileLinks;

  beforeAll(async () => {
    const declared = h.declare(conversationId, photo);
    await h.create(jamie, declared);
    expect((await h.uploadWhole(jamie, declared.id, photo, 200_000)).status).toBe(200);
    uploadId = declared.id;
    links = new FileLinks(t.db);
  });

  it('serves the file to a member with its type, length and ranges', async () => {
    const coachId = (await h.userId('coach@demo.test')).id;
    const link = await links.link(uploadId, 'file', coachId);
    const whole = await t.app.request(`http://localhost${link}`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('content-length')).toBe(String(photo.byteLength));
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(h.sha256(new Uint8Array(await whole.arrayBuffer()))).toBe(h.sha256(photo));

    const part = await t.app.request(`http://localhost${link}`, { headers: { range: 'bytes=100-199' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${photo.byteLength}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(photo.subarray(100, 200));

    const tail = await t.app.request(`http://localhost${link}`, { headers: { range: 'bytes=-10' } });
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(photo.subarray(photo.byteLength - 10));
    const outside = await t.app.request(`http://localhost${link}`, {
      headers: { range: `bytes=${photo.byteLength}-` },
    });
    expect(outside.status).toBe(416);
  });

  it('serves a WebP preview of at most 480 px', async () => {
    const jamieId = (await h.userId('athlete@demo.test')).id;
    const preview = await t.app.request(`http://localhost${await links.link(uploadId, 'preview', jamieId)}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await preview.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 480, height: 300 });
  });

  it('answers 404 to a tampered, expired or someone else’s link, and to a member who left', async () => {
    const coachId = (await h.userId('coach@demo.test')).id;
    const tylerId = (await h.userId('tyler.brooks@demo.test')).id;
    const link = new URL(`http://localhost${await links.link(uploadId, 'file', coachId)}`);

    const tampered = new URL(link);
    tampered.searchParams.set('s', `${link.searchParams.get('s')!.slice(0, -2)}xx`);
    expect((await t.app.request(tampered.toString())).status).toBe(404);

    const unsigned = new URL(link);
    unsigned.searchParams.delete('s');
    expect((await t.app.request(unsigned.toString())).status).toBe(404);
    expect((await t.app.request(`http://localhost/api/files/not-an-id${link.search}`)).status).toBe(404);

    const otherViewer = new URL(link);
    otherViewer.searchParams.set('u', tylerId);
    expect((await t.app.request(otherViewer.toString())).status).toBe(404);

    // Tyler's own valid link: he is not in the conversation.
    expect(
      (await t.app.request(`http://localhost${await links.link(uploadId, 'file', tylerId)}`)).status,
    ).toBe(404);

    // Another organisation's user, even with a link signed for them: the upload is not in their organisation.
    const rivalsId = (await h.userId('athlete@rivals.test')).id;
    expect(
      (await t.app.request(`http://localhost${await links.link(uploadId, 'file', rivalsId)}`)).status,
    ).toBe(404);

    const later = new FileLinks(t.db, () => Date.now() - 7 * 60 * 60 * 1000);
    const expired = await t.app.request(`http://localhost${await later.link(uploadId, 'file', coachId)}`);
    expect(expired.status).toBe(404);

    const leaver = await h.conversationOf('coach@demo.test', 'athlete@demo.test', 'tyler.brooks@demo.test');
    const declared = h.declare(leaver, photo);
    await h.create(jamie, declared);
    await h.uploadWhole(jamie, declared.id, photo, 200_000);
    const tylerLink = `http://localhost${await links.link(declared.id, 'file', tylerId)}`;
    expect((await t.app.request(tylerLink)).status).toBe(200);
    await t.db
      .delete(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, leaver), eq(conversationMembers.userId, tylerId)));
    expect((await t.app.request(tylerLink)).status).toBe(404);
  });
});
