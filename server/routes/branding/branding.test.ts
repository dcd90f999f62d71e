import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebAppManifest } from '../../../contract/manifest';
import { organizationHosts, organizations } from '../../db/schema';
import { createTestContext, type TestContext } from '../../testing/test-app';
import { shortNameOf } from './branding.handlers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function fetchRaw(path: string, host: string): Promise<Response> {
  return t.app.request(`http://localhost${path}`, { headers: { host } });
}

async function manifestFor(host: string): Promise<{ response: Response; manifest: WebAppManifest }> {
  const response = await fetchRaw('/manifest.webmanifest', host);
  return { response, manifest: (await response.json()) as WebAppManifest };
}

/** Width and height from a PNG's IHDR chunk (bytes 16–23), after checking the signature. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

async function iconFor(host: string, file: string): Promise<Uint8Array> {
  const response = await fetchRaw(`/api/branding/icons/${file}`, host);
  expect(response.status, file).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/png');
  return new Uint8Array(await response.arrayBuffer());
}

describe('GET /manifest.webmanifest', () => {
  it("describes the demo organisation's installable app, without sign-in", async () => {
    const { response, manifest } = await manifestFor('localhost:3000');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(manifest).toMatchObject({
      id: '/?org=demo',
      name: 'Demo Baseball Academy',
      short_name: 'Demo',
      start_url: '/app/dashboard',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{3,6}$/i);
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '192x192 maskable',
      '512x512 maskable',
    ]);
  });

  it("follows the page's host to another organisation", async () => {
    const { manifest } = await manifestFor('rivals.localhost:3000');
    expect(manifest).toMatchObject({
      id: '/?org=rivals',
      name: 'Rivals Baseball Club',
      short_name: 'Rivals',
      theme_color: '#b91c1c',
    });
    expect(manifest.icons[0]?.src).toMatch(/^\/api\/branding\/icons\/192\.png\?v=/);
  });
});

describe('GET /api/branding/icons/{icon}', () => {
  it('makes 192 and 512 px PNGs from the logo, plain and maskable', async () => {
    for (const [file, size] of [
      ['192.png', 192],
      ['512.png', 512],
      ['maskable-192.png', 192],
      ['maskable-512.png', 512],
    ] as const) {
      expect(pngSize(await iconFor('rivals.localhost', file))).toEqual({ width: size, height: size });
    }
  });

  it('gives each organisation its own icon and serves a made icon again from memory', async () => {
    const rivals = await iconFor('rivals.localhost', '192.png');
    const demo = await iconFor('demo.localhost', '192.png');
    expect(Buffer.from(rivals).equals(Buffer.from(demo))).toBe(false);
    expect(Buffer.from(await iconFor('rivals.localhost', '192.png')).equals(Buffer.from(rivals))).toBe(true);
  });

  it('uses the default icons for an organisation without a usable logo', async () => {
    const hosts: Record<string, string | null> = {
      'nologo.example': null,
      'brokenlogo.example': '/org-logos/missing.svg',
      'remotelogo.example': 'https://logos.example.com/logo.png',
      'escaping.example': '/../package.json',
    };
    for (const [host, companyLogo] of Object.entries(hosts)) {
      const slug = host.split('.')[0]!;
      const [organization] = await t.db
        .insert(organizations)
        .values({ slug, name: `Club ${slug}`, companyLogo, primaryColor: '#047857' })
        .returning();
      await t.db.insert(organizationHosts).values({ host, organizationId: organization!.id });
    }
    const reference = await iconFor('nologo.example', '512.png');
    expect(pngSize(reference)).toEqual({ width: 512, height: 512 });
    for (const host of Object.keys(hosts)) {
      expect(Buffer.from(await iconFor(host, '512.png')).equals(Buffer.from(reference)), host).toBe(true);
      expect(pngSize(await iconFor(host, 'maskable-192.png'))).toEqual({ width: 192, height: 192 });
    }
    const { manifest } = await manifestFor('nologo.example');
    expect(manifest).toMatchObject({
      name: 'Club nologo',
      short_name: 'Club nologo',
      theme_color: '#047857',
    });
  });

  it('answers 400 for an icon it does not make', async () => {
    expect((await fetchRaw('/api/branding/icons/64.png', 'localhost')).status).toBe(400);
  });
});

describe('shortNameOf', () => {
  it('keeps whole words within 12 characters, else the slug, else a cut name', () => {
    expect(shortNameOf('Rivals', 'rivals')).toBe('Rivals');
    expect(shortNameOf('Demo Baseball Academy', 'demo')).toBe('Demo');
    expect(shortNameOf('North Star Athletics', 'ns')).toBe('North Star');
    expect(shortNameOf('Supercalifragilistic Club', 'scc')).toBe('scc');
    expect(shortNameOf('Supercalifragilistic Club', 'supercalifragilistic')).toBe('Supercalifr…');
  });
});
