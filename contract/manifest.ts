import { z } from 'zod';

/** The icon files of an organisation's installed app: plain and maskable (padded on the primary colour). */
export const appIconNames = ['192.png', '512.png', 'maskable-192.png', 'maskable-512.png'] as const;
export const appIconNameSchema = z.enum(appIconNames);
export type AppIconName = z.infer<typeof appIconNameSchema>;

export const manifestIconSchema = z.object({
  src: z.string(),
  sizes: z.string(),
  type: z.literal('image/png'),
  purpose: z.enum(['any', 'maskable']),
});

/** The web app manifest (W3C Web Application Manifest) of the organisation a page's host maps to. */
export const webAppManifestSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    short_name: z.string().max(12),
    description: z.string(),
    start_url: z.string(),
    scope: z.string(),
    display: z.literal('standalone'),
    theme_color: z.string(),
    background_color: z.string(),
    icons: z.array(manifestIconSchema),
  })
  .meta({ id: 'WebAppManifest' });
export type WebAppManifest = z.infer<typeof webAppManifestSchema>;
