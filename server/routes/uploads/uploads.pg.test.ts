import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Upload } from '../../../contract/uploads';
import { uploads } from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { uploadHelpers } from './upload-test-helpers';

// Real PostgreSQL with a pool of four connections: requests fired together really overlap (npm run test:pg).
let t: TestContext;
let h: ReturnType<typeof uploadHelpers>;
let jamie: string;
let conversationId: string;
/** A video's worth of bytes with an MP4 header, so it passes the check by content. */
const video = new Uint8Array(
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]),
    Buffer.from('isomiso2avc1mp41'),
    randomBytes(600_000),
  ]),
);

beforeAll(async () => {
  t = await createTestContext();
  h = uploadHelpers(t);
  jamie = await t.signIn('athlete@demo.test');
  conversationId = await h.conversationOf('coach@demo.test', 'athlete@demo.test');
});
afterAll(() => t.close());

const videoDeclaration = () => h.declare(conversationId, video, { type: 'video/mp4', fileName: 'swing.mp4' });

describe('the same chunk sent several times at once (a phone retrying as the signal comes back)', () => {
  it('is written once: one copy commits, the others answer 409 with the committed offset', async () => {
    const declared = videoDeclaration();
    await h.create(jamie, declared);
    const chunk = video.subarray(0, 100_000);
    const answers = await Promise.all(Array.from({ length: 4 }, () => h.chunk(jamie, declared.id, 0, chunk)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409]);
    for (const answer of answers) expect(answer.headers.get('upload-offset')).toBe('100000');
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, declared.id));
    expect(row!.committedBytes).toBe(100_000);
  });
});

describe('clients of two server processes resuming one upload', () => {
  it('ends with the whole file once, whichever process each chunk and its copies reached', async () => {
    // Another process behind the same load balancer: the same database and data folder.
    const other = t.anotherProcess().app;
    const servers = [t.app, other];
    const chunkOn = async (server: (typeof servers)[number], id: string, offset: number) => {
      const bytes = video.subarray(offset, offset + 50_000);
      const response = await server.request(`http://localhost/api/upload/chunk?id=${id}&offset=${offset}`, {
        method: 'PATCH',
        headers: {
          authorization: `Bearer ${jamie}`,
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.byteLength),
        },
        body: bytes,
      });
      return { status: response.status, body: (await response.json()) as { data: Upload } & ErrorBody };
    };

    const declared = videoDeclaration();
    await h.create(jamie, declared);
    let offset = 0;
    while (offset < video.byteLength) {
      // Each chunk goes to both processes at once; the loser's 409 carries the offset to go on from.
      const answers = await Promise.all(servers.map((server) => chunkOn(server, declared.id, offset)));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const winner = answers.find((answer) => answer.status === 200)!;
      offset = winner.body.data.offset;
      // A reload in between: the other process answers the same offset.
      const resumed = await other.request(`http://localhost/api/upload?id=${declared.id}`, {
        headers: { authorization: `Bearer ${jamie}` },
      });
      expect(resumed.headers.get('upload-offset')).toBe(String(offset));
    }
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, declared.id));
    expect(row).toMatchObject({
      status: 'complete',
      committedBytes: video.byteLength,
      detectedType: 'video/mp4',
    });
  });
});
