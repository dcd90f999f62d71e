// Zod-free values shared by the settings screen (which must not load zod on its first screen) and the server.

/** The largest logo accepted, in bytes (1 MiB); the same number as the API's body limit. */
export const maxLogoBytes = 1024 * 1024;

/** Image types a logo may be, detected from its first bytes. SVG is refused (it can carry script). */
export const logoContentTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type LogoContentType = (typeof logoContentTypes)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

/** What the bytes are, whatever a file's name or claimed type says; null for anything but the four types. */
export function detectLogoType(bytes: Uint8Array): LogoContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  // "RIFF" <size> "WEBP"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) {
    return 'image/webp';
  }
  // "GIF87a" or "GIF89a"
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    return 'image/gif';
  }
  return null;
}

/** "1 MB", "350 KB": sizes as people read them in the limit messages. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const logoTypeMessage = 'The logo must be a PNG, JPEG, WebP or GIF image (SVG is not accepted).';
export const logoSizeMessage = (bytes: number) =>
  `The logo is ${formatBytes(bytes)}; the largest logo accepted is ${formatBytes(maxLogoBytes)}.`;

export const organizationNameMaxLength = 100;

/** The bar weights an organisation may set, in its unit (a 5 lb technique bar to a 100 lb specialty bar). */
export const barWeightLimits = { min: 5, max: 100 } as const;

/** Password length bounds an organisation may set. */
export const passwordMinLengthBounds = { min: 4, max: 128 } as const;
export const passwordMaxLengthLimit = 1024;

/** Custom sidebar items. */
export const sidebarLabelMaxLength = 40;

/**
 * Icon names an organisation can give a custom sidebar item; the web client draws each (components/ui/icons),
 * the server refuses any other.
 */
export const sidebarIconNames = [
  'link',
  'calendar',
  'book',
  'clipboard',
  'dumbbell',
  'apple',
  'mail',
  'users',
  'user',
  'home',
  'plane',
  'bell',
  'life-buoy',
  'list-checks',
] as const;
export type SidebarIconName = (typeof sidebarIconNames)[number];

/** A sidebar link: an https address, or a path of this app under /app/. */
export function sidebarLinkProblem(link: string): string | null {
  const trimmed = link.trim();
  if (trimmed === '') return 'Enter an https:// address or an app path starting with /app/';
  if (trimmed.startsWith('/')) {
    return /^\/app\/[^\s]*$/.test(trimmed) && !trimmed.startsWith('//')
      ? null
      : 'An app path starts with /app/ and has no spaces';
  }
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' && url.hostname !== '' ? null : 'Use an https:// address';
  } catch {
    return 'Enter an https:// address or an app path starting with /app/';
  }
}

/** A megabyte as the chat settings count it (1 MiB), so 100 MB is the 104 857 600 bytes of the columns' default. */
export const bytesPerMegabyte = 1024 * 1024;

/**
 * The largest chat attachment an organisation allows (issue 25), in whole megabytes: videos, and every other
 * file (photos, PDFs, voice messages). On the wire and in the database they are bytes.
 */
export const chatAttachmentLimits = {
  videoMegabytes: { min: 1, max: 1024, default: 100 },
  otherMegabytes: { min: 1, max: 100, default: 20 },
} as const;
