import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Upload } from '../../../contract/uploads';
import { conversationMembers, conversations, users } from '../../db/schema';
import type { ErrorBody } from '../../testing/library-lookups';
import type { TestContext } from '../../testing/test-app';

/** What upload tests need of a test context (the chat routes are another area's: conversations are rows here). */
export function uploadHelpers(t: Pick<TestContext, 'app' | 'db' | 'request'>) {
  async function userId(email: string): Promise<{ id: string; organizationId: string }> {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return { id: user!.id, organizationId: user!.organizationId };
  }

  /** A group conversation of these people (emails of one organisation), made as rows. */
  async function conversationOf(...emails: string[]): Promise<string> {
    const people = await Promise.all(emails.map(userId));
    const id = randomUUID();
    const organizationId = people[0]!.organizationId;
    await t.db.insert(conversations).values({ id, organizationId, kind: 'group', name: 'Bullpen' });
    await t.db
      .insert(conversationMembers)
      .values(people.map((person) => ({ organizationId, conversationId: id, userId: person.id })));
    return id;
  }

  const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

  function declare(conversationId: string, file: Uint8Array, overrides: Record<string, unknown> = {}) {
    return {
      id: randomUUID(),
      conversationId,
      fileName: 'bullpen.png',
      type: 'image/png',
      size: file.byteLength,
      sha256: sha256(file),
      ...overrides,
    };
  }

  const create = (token: string, body: Record<string, unknown>) =>
    t.request<{ data: Upload } & ErrorBody>('POST', '/api/upload', { token, body });

  async function chunk(
    token: string,
    id: string,
    offset: number,
    bytes: Uint8Array,
    headers: Record<string, string> = {},
  ) {
    const response = await t.app.request(`http://localhost/api/upload/chunk?id=${id}&offset=${offset}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.byteLength),
        ...headers,
      },
      body: bytes,
    });
    const body = (await response.json()) as { data: Upload } & ErrorBody;
    return { status: response.status, headers: response.headers, body };
  }

  /** Sends the whole file in chunks of `chunkBytes`; answers the last answer. */
  async function uploadWhole(token: string, id: string, file: Uint8Array, chunkBytes = 64 * 1024) {
    let last: Awaited<ReturnType<typeof chunk>> | undefined;
    for (let offset = 0; offset < file.byteLength; offset += chunkBytes) {
      last = await chunk(token, id, offset, file.subarray(offset, offset + chunkBytes));
      if (last.status !== 200) return last;
    }
    return last!;
  }

  return { userId, conversationOf, sha256, declare, create, chunk, uploadWhole };
}
