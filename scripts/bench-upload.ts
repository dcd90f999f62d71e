/**
 * `npm run bench:upload`: a 100 MB attachment in 5 MB chunks over loopback (issue 25, ADR 061). Not a test.
 * A throwaway PostgreSQL 15 and one API process (`server/index.ts`); this process signs in as the demo coach,
 * makes a conversation row and sends the chunks one after another. Prints the throughput and the server's peak
 * resident-memory growth while uploading (sampled from /proc), to show the file is streamed, not held.
 * MEGABYTES (default 100) and CHUNK_MEGABYTES (default 5) may be set in the environment.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { conversationMembers, conversations, users } from '../server/db/schema';
import { seedDemo } from '../server/db/seed';
import { startApiProcess, type ApiProcess } from './lib/api-process';
import { startPostgres } from './lib/postgres';
import { rssKib, sleep } from './lib/processes';

const megabyte = 1024 * 1024;
const fileBytes = Number(process.env.MEGABYTES ?? 100) * megabyte;
const chunkBytes = Number(process.env.CHUNK_MEGABYTES ?? 5) * megabyte;
const password = 'bench-password';

const postgres = await startPostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-upload-'));
const database = await openDatabase({ kind: 'postgres', url: postgres.url, poolSize: 2 });
let server: ApiProcess | undefined;
try {
  await database.migrate();
  await seedDemo(database.db, { password });
  const [coach] = await database.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
  const [athlete] = await database.db.select().from(users).where(eq(users.email, 'athlete@demo.test'));
  const conversationId = randomUUID();
  await database.db
    .insert(conversations)
    .values({ id: conversationId, organizationId: coach!.organizationId, kind: 'direct' });
  await database.db.insert(conversationMembers).values(
    [coach!, athlete!].map((person) => ({
      organizationId: person.organizationId,
      conversationId,
      userId: person.id,
    })),
  );

  server = await startApiProcess({ name: 'api', databaseUrl: postgres.url, dataDir });
  const baseUrl = server.baseUrl;
  const pid = server.process.child.pid!;
  const login = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'coach@demo.test', password }),
  });
  const { token } = (await login.json()) as { token: string };
  const authorization = `Bearer ${token}`;

  // An MP4 header, then random bytes: it passes the check by content as a video.
  const file = randomBytes(fileBytes);
  Buffer.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 2, 0]).copy(file);
  Buffer.from('isomiso2avc1mp41').copy(file, 16);
  const sha256 = createHash('sha256').update(file).digest('hex');
  const id = randomUUID();
  const created = await fetch(`${baseUrl}/api/upload`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({
      id,
      conversationId,
      fileName: 'bench.mp4',
      type: 'video/mp4',
      size: fileBytes,
      sha256,
    }),
  });
  if (created.status !== 201) throw new Error(`Create answered ${created.status}: ${await created.text()}`);

  await sleep(1_000);
  const rssBefore = rssKib(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKib(pid))), 20);
  const started = performance.now();
  let last: { data: { status: string; offset: number } } | undefined;
  for (let offset = 0; offset < fileBytes; offset += chunkBytes) {
    const chunk = file.subarray(offset, Math.min(offset + chunkBytes, fileBytes));
    const answer = await fetch(`${baseUrl}/api/upload/chunk?id=${id}&offset=${offset}`, {
      method: 'PATCH',
      headers: { authorization, 'content-type': 'application/offset+octet-stream' },
      body: chunk,
    });
    if (answer.status !== 200)
      throw new Error(`Chunk at ${offset} answered ${answer.status}: ${await answer.text()}`);
    last = (await answer.json()) as typeof last;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  if (last?.data.status !== 'complete') throw new Error('The upload did not complete');
  console.log(
    `[bench] ${fileBytes / megabyte} MB in ${chunkBytes / megabyte} MB chunks over loopback: ${seconds.toFixed(2)} s, ` +
      `${(fileBytes / megabyte / seconds).toFixed(1)} MB/s (SHA-256 checked, file stored)`,
  );
  console.log(
    `[bench] server RSS ${Math.round(rssBefore / 1024)} MiB before, peak ${Math.round(rssPeak / 1024)} MiB while ` +
      `uploading: +${Math.round((rssPeak - rssBefore) / 1024)} MiB for a ${fileBytes / megabyte} MB file`,
  );
} finally {
  await server?.process.stop(5_000);
  await database.close();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
