import type { RouteHandler } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import sharp from 'sharp';
import { errorCodes } from '../../../contract/errors';
import {
  detectLogoType,
  logoSizeMessage,
  logoTypeMessage,
  maxLogoBytes,
  type LogoContentType,
} from '../../../contract/organization-settings';
import type { PublicAppEnv, SignedInAppEnv } from '../../lib/context';
import { ApiError, notFound } from '../../lib/errors';
import { toSettings } from '../../lib/serializers';
import type * as routes from './logo.routes';

export const logoUploadPath = '/api/settings/logo';

/** Larger pictures are of no use as a logo and cost memory to decode. */
const maxLogoPixels = 4096;

const sharpFormatOf: Record<LogoContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

const logoError = (status: 400 | 413, message: string) =>
  new ApiError(status, status === 413 ? errorCodes.payloadTooLarge : errorCodes.validation, message, {
    logo: message,
  });

/**
 * The upload's own body limit (the API's general one skips this path): refused while streaming, before the
 * bytes are all read, with the size when the client said it.
 */
export const logoBodyLimit = bodyLimit({
  maxSize: maxLogoBytes,
  onError: (c) => {
    const declared = Number(c.req.header('content-length'));
    throw logoError(
      413,
      logoSizeMessage(Number.isFinite(declared) && declared > 0 ? declared : maxLogoBytes + 1),
    );
  },
});

/** The bytes' own type, checked again by decoding them: a file is what it is, not what its name or header say. */
async function checkLogo(bytes: Buffer): Promise<LogoContentType> {
  if (bytes.byteLength === 0) throw logoError(400, 'Choose an image file to upload.');
  if (bytes.byteLength > maxLogoBytes) throw logoError(413, logoSizeMessage(bytes.byteLength));
  const contentType = detectLogoType(bytes);
  if (!contentType) throw logoError(400, logoTypeMessage);
  const metadata = await sharp(bytes, { limitInputPixels: maxLogoPixels * maxLogoPixels })
    .metadata()
    .catch(() => undefined);
  if (!metadata || metadata.format !== sharpFormatOf[contentType]) {
    throw logoError(400, 'The image could not be read; it may be damaged. Export it again and retry.');
  }
  if ((metadata.width ?? 0) > maxLogoPixels || (metadata.height ?? 0) > maxLogoPixels) {
    throw logoError(400, `The logo is at most ${maxLogoPixels} × ${maxLogoPixels} pixels.`);
  }
  return contentType;
}

export const uploadLogo: RouteHandler<typeof routes.uploadLogo, SignedInAppEnv> = async (c) => {
  const bytes = Buffer.from(await c.req.arrayBuffer());
  const contentType = await checkLogo(bytes);
  const updated = await c.var.organizationLogos.saveOrganizationLogo(c.var.viewer.organization.id, {
    contentType,
    data: bytes,
  });
  if (!updated) throw notFound('Your organisation no longer exists.');
  return c.json({ message: 'Logo saved.', data: toSettings(updated) }, 200);
};

export const removeLogo: RouteHandler<typeof routes.removeLogo, SignedInAppEnv> = async (c) => {
  const updated = await c.var.organizationLogos.removeOrganizationLogo(c.var.viewer.organization.id);
  if (!updated) throw notFound('Your organisation no longer exists.');
  return c.json({ message: 'Logo removed; the default logo shows.', data: toSettings(updated) }, 200);
};

export const organizationLogo: RouteHandler<typeof routes.organizationLogo, PublicAppEnv> = async (c) => {
  const { organizationId } = c.req.valid('param');
  const { v: version } = c.req.valid('query');
  const logo = await c.var.organizationLogos.organizationLogo(organizationId);
  if (!logo) throw notFound('This organisation has no uploaded logo.');
  const current = String(logo.updatedAt.getTime());
  // The versioned URL of the current logo never changes its bytes; anything else is checked each time.
  const cacheControl = version === current ? 'public, max-age=31536000, immutable' : 'no-cache';
  return c.body(new Uint8Array(logo.data), 200, {
    'Content-Type': logo.contentType,
    'Cache-Control': cacheControl,
    ETag: `"${current}"`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Disposition': 'inline; filename="logo"',
  });
};
