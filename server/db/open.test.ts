import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { openConfiguredDatabase } from './open';
import { organizations, users } from './schema';

const dataDir = mkdtempSync(path.join(tmpdir(), 'connect-data-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the embedded database (PGlite in DATA_DIR)', () => {
  // Two real starts of the embedded database (migrate, seed the demo, reopen): on a busy 2-core runner that is
  // more than the default 30 s, and it is a check of what is kept, not of speed.
  it(
    'migrates and seeds at first start, and keeps its data across restarts',
    { timeout: 120_000 },
    async () => {
      const env = parseEnv({ DATA_DIR: dataDir, DEMO_PASSWORD: 'first-start' });
      const first = await openConfiguredDatabase(env);
      const [demo] = await first.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
      expect(demo?.name).toBe('Demo Baseball Academy');
      await first.db.update(users).set({ firstName: 'Renamed' }).where(eq(users.email, 'coach@demo.test'));
      await first.close();

      const second = await openConfiguredDatabase(env);
      const [demoAgain] = await second.db.select().from(organizations).where(eq(organizations.slug, 'demo'));
      const [coach] = await second.db.select().from(users).where(eq(users.email, 'coach@demo.test'));
      await second.close();
      expect(demoAgain?.id).toBe(demo?.id);
      expect(coach?.firstName).toBe('Renamed');
    },
  );
});
