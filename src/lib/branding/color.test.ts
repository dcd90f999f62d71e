import { darkText, hexToHsl, lightText, readableTextOn } from './color';

describe('hex colours as theme variables (spec 3)', () => {
  it.each([
    ['#1d4ed8', { h: 224, s: 76, l: 48 }],
    ['#ffffff', { h: 0, s: 0, l: 100 }],
    ['#000', { h: 0, s: 0, l: 0 }],
    ['#f00', { h: 0, s: 100, l: 50 }],
    ['#00FF00', { h: 120, s: 100, l: 50 }],
    ['#0000ff', { h: 240, s: 100, l: 50 }],
    ['#f59e0b', { h: 38, s: 92, l: 50 }],
    ['#ff00ff', { h: 300, s: 100, l: 50 }],
  ])('turns %s into %j', (hex, hsl) => {
    expect(hexToHsl(hex)).toEqual(hsl);
  });

  it('picks the text colour that reads best on a background', () => {
    expect(readableTextOn('#fde047')).toBe(darkText);
    expect(readableTextOn('#9ca3af')).toBe(darkText);
    expect(readableTextOn('#1d4ed8')).toBe(lightText);
    expect(readableTextOn('#000000')).toBe(lightText);
  });
});
