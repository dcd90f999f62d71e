import sharp from 'sharp';

/** The long side of a photo's preview in a conversation (a 2× screen's bubble). */
export const previewLongSide = 480;

/** Larger photos are refused a preview rather than decoded at any cost (the file itself is still kept). */
const maxInputPixels = 100_000_000;

/** Image types that get a preview; HEIC only where this build of sharp (libvips) decodes it. */
export function hasPreview(type: string): boolean {
  if (type === 'image/heic') return sharp.format.heif?.input?.file === true;
  return ['image/jpeg', 'image/png', 'image/webp', 'image/gif'].includes(type);
}

/**
 * Writes a WebP of at most 480 px on the long side, turned as the camera held it, to `targetPath`; answers
 * false when the image cannot be read (the attachment stays, without a preview).
 */
export async function writeImagePreview(sourcePath: string, targetPath: string): Promise<boolean> {
  try {
    await sharp(sourcePath, { limitInputPixels: maxInputPixels })
      .rotate()
      .resize({ width: previewLongSide, height: previewLongSide, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 75 })
      .toFile(targetPath);
    return true;
  } catch {
    return false;
  }
}
