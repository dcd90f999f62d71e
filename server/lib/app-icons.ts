import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AppIconName } from '../../contract/manifest';

export const defaultThemeColor = '#2563eb';
const defaultLogoPath = '/connected-logo.png';
const hexColor = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Share of a maskable icon the logo fills: the rest is the safe-zone padding launchers may crop. */
const maskableLogoShare = 0.6;

export interface IconSource {
  /** Identifies the organisation (its id) so two organisations with one logo path never share a cache entry. */
  cacheKey: string;
  companyLogo: string | null;
  primaryColor: string | null;
}

export function themeColorOf(primaryColor: string | null): string {
  return primaryColor && hexColor.test(primaryColor) ? primaryColor : defaultThemeColor;
}

/**
 * A logo path such as `/org-logos/demo.svg`, read from the built static dir and then from public/.
 * URLs and paths that leave those folders are not read: an http(s) logo would make the server fetch
 * whatever an organisation's settings point at.
 */
async function readLogo(logo: string, staticDir: string): Promise<Buffer | undefined> {
  if (!logo.startsWith('/') || logo.startsWith('//')) return undefined;
  let logoPath: string;
  try {
    logoPath = decodeURI(logo.split(/[?#]/)[0] ?? '');
  } catch {
    return undefined;
  }
  for (const root of [path.resolve(staticDir), path.resolve('public')]) {
    const file = path.resolve(root, `.${logoPath}`);
    if (!file.startsWith(root + path.sep)) return undefined;
    const bytes = await readFile(file).catch(() => undefined);
    if (bytes) return bytes;
  }
  return undefined;
}

function parseIconName(name: AppIconName): { size: number; maskable: boolean } {
  const maskable = name.startsWith('maskable-');
  return { size: Number.parseInt(name.replace('maskable-', ''), 10), maskable };
}

async function renderIcon(logo: Buffer, name: AppIconName, background: string): Promise<Buffer> {
  const { size, maskable } = parseIconName(name);
  const transparent = { r: 0, g: 0, b: 0, alpha: 0 };
  if (!maskable) {
    return sharp(logo, { density: 300 })
      .resize(size, size, { fit: 'contain', background: transparent })
      .png()
      .toBuffer();
  }
  const inner = Math.round(size * maskableLogoShare);
  const resizedLogo = await sharp(logo, { density: 300 })
    .resize(inner, inner, { fit: 'contain', background: transparent })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: resizedLogo, gravity: 'centre' }])
    .png()
    .toBuffer();
}

/** An uploaded logo's URL (`/api/organizations/{id}/logo?v=…`, ADR 023): its bytes are in the database. */
const storedLogoUrl = /^\/api\/organizations\/([0-9a-f-]{36})\/logo(?:[?#]|$)/i;

/** The bytes of an organisation's uploaded logo, if it has one. */
export type StoredLogoReader = (organizationId: string) => Promise<Buffer | undefined>;

/**
 * PNG icons made from organisations' logos, kept in memory per organisation, logo, colour and icon: made once,
 * then served from memory. A logo that is missing or cannot be decoded gives the default icons. An uploaded
 * logo's URL carries its version, so a new upload is a new cache entry; the organisation's older entries are
 * dropped then.
 */
export class AppIcons {
  private readonly rendered = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly staticDir: string,
    private readonly storedLogo: StoredLogoReader = () => Promise.resolve(undefined),
  ) {}

  icon(source: IconSource, name: AppIconName): Promise<Buffer> {
    const background = themeColorOf(source.primaryColor);
    const variant = [source.cacheKey, source.companyLogo ?? '', background].join('\n');
    const key = `${variant}\n${name}`;
    let icon = this.rendered.get(key);
    if (!icon) {
      for (const older of this.rendered.keys()) {
        if (older.startsWith(`${source.cacheKey}\n`) && !older.startsWith(`${variant}\n`)) {
          this.rendered.delete(older);
        }
      }
      icon = this.render(source.companyLogo, name, background);
      this.rendered.set(key, icon);
    }
    return icon;
  }

  private async readAnyLogo(companyLogo: string): Promise<Buffer | undefined> {
    const stored = storedLogoUrl.exec(companyLogo);
    if (stored?.[1]) return this.storedLogo(stored[1].toLowerCase()).catch(() => undefined);
    return readLogo(companyLogo, this.staticDir);
  }

  private async render(companyLogo: string | null, name: AppIconName, background: string): Promise<Buffer> {
    const logo = companyLogo ? await this.readAnyLogo(companyLogo) : undefined;
    if (logo) {
      const fromLogo = await renderIcon(logo, name, background).catch(() => undefined);
      if (fromLogo) return fromLogo;
    }
    const fallback = await readLogo(defaultLogoPath, this.staticDir);
    if (!fallback) throw new Error(`The default icon ${defaultLogoPath} is missing.`);
    return renderIcon(fallback, name, background);
  }
}
