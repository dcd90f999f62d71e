import { describe, expect, it } from 'vitest';
import {
  detectLogoType,
  formatBytes,
  logoSizeMessage,
  sidebarLinkProblem,
} from '../../../contract/organization-settings-rules';

const bytes = (...values: number[]) => new Uint8Array(values);
const ascii = (text: string) => new TextEncoder().encode(text);

describe('detectLogoType', () => {
  it('knows the four image types by their first bytes', () => {
    expect(detectLogoType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(detectLogoType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectLogoType(ascii('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toBe('image/webp');
    expect(detectLogoType(ascii('GIF89a'))).toBe('image/gif');
    expect(detectLogoType(ascii('GIF87a'))).toBe('image/gif');
  });

  it('refuses anything else, whatever it is called', () => {
    expect(detectLogoType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectLogoType(ascii('RIFF\u0000\u0000\u0000\u0000WAVEfmt '))).toBeNull();
    expect(detectLogoType(ascii('GIF88a'))).toBeNull();
    expect(detectLogoType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectLogoType(bytes())).toBeNull();
  });
});

describe('sidebarLinkProblem', () => {
  it.each(['https://calendar.example.com/team', '/app/dashboard', '/app/dashboard?guide=nutrition'])(
    'accepts %s',
    (link) => expect(sidebarLinkProblem(link)).toBeNull(),
  );

  it.each([
    '',
    'http://example.com',
    'javascript:alert(1)',
    '/login',
    '//evil.example/app/x',
    '/app/a b',
    'ftp://x',
  ])('refuses %j', (link) => expect(sidebarLinkProblem(link)).not.toBeNull());
});

describe('sizes in messages', () => {
  it('reads as people write them', () => {
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(1.5 * 1024 * 1024)).toBe('1.5 MB');
    expect(formatBytes(350 * 1024)).toBe('350 KB');
    expect(logoSizeMessage(2 * 1024 * 1024)).toBe('The logo is 2 MB; the largest logo accepted is 1 MB.');
  });
});
