/** Hue in degrees, saturation and lightness in percent: the theme variables of spec 3. */
export interface Hsl {
  h: number;
  s: number;
  l: number;
}

/** `#rgb` or `#rrggbb` as red, green and blue from 0 to 1. */
function channels(hex: string): [number, number, number] {
  const digits = hex.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits;
  const value = Number.parseInt(full, 16);
  return [((value >> 16) & 255) / 255, ((value >> 8) & 255) / 255, (value & 255) / 255];
}

/** Converts a hex colour to rounded HSL (hue 0–359, saturation and lightness 0–100). */
export function hexToHsl(hex: string): Hsl {
  const [red, green, blue] = channels(hex);
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const lightness = (max + min) / 2;
  const delta = max - min;
  if (delta === 0) return { h: 0, s: 0, l: Math.round(lightness * 100) };
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  let hue: number;
  if (max === red) hue = ((green - blue) / delta) % 6;
  else if (max === green) hue = (blue - red) / delta + 2;
  else hue = (red - green) / delta + 4;
  return {
    h: Math.round((hue * 60 + 360) % 360),
    s: Math.round(saturation * 100),
    l: Math.round(lightness * 100),
  };
}

function relativeLuminance(hex: string): number {
  const linear = channels(hex).map((channel) =>
    channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4,
  );
  const [red = 0, green = 0, blue = 0] = linear;
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue;
}

export const darkText = '#111827';
export const lightText = '#ffffff';

/** The text colour (near-black or white) with the higher WCAG contrast on `background`. */
export function readableTextOn(background: string): string {
  const luminance = relativeLuminance(background);
  const contrastWithDark = (luminance + 0.05) / (relativeLuminance(darkText) + 0.05);
  const contrastWithLight = (1 + 0.05) / (luminance + 0.05);
  return contrastWithDark >= contrastWithLight ? darkText : lightText;
}

const contrast = (first: string, second: string) => {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a);
  return (lighter! + 0.05) / (darker! + 0.05);
};

const toHex = (channels: readonly number[]) =>
  `#${channels.map((channel) => Math.round(channel * 255).toString(16).padStart(2, '0')).join('')}`;

/** WCAG AA for small text, such as a badge's label. */
const smallTextContrast = 4.5;

/**
 * A badge's background and text for an organisation's colour: the colour itself with the more readable text
 * when that reaches 4.5:1, else the colour darkened step by step under white text until it does (a mid-tone
 * such as #6366f1 reaches neither with white nor with near-black).
 */
export function readableBadge(background: string): { background: string; text: string } {
  const text = readableTextOn(background);
  if (contrast(background, text) >= smallTextContrast) return { background, text };
  const original = channels(background);
  for (let step = 1; step <= 20; step += 1) {
    const darker = toHex(original.map((channel) => channel * (1 - step * 0.05)));
    if (contrast(darker, lightText) >= smallTextContrast) return { background: darker, text: lightText };
  }
  return { background: '#000000', text: lightText };
}
