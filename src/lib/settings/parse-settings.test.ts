import { settingsResponseSchema, settingsSchema } from '@contract';
import { demoSettings } from '@mocks/data';
import { parseSettings, parseSettingsResponse } from './parse-settings';

describe('reading a settings record without zod', () => {
  it('accepts what the contract accepts, and gives the same record', () => {
    const withNulls = {
      ...demoSettings,
      companyLogo: null,
      supportEmail: null,
      warmUpColor: null,
      liftColor: '#abc',
    };
    for (const record of [demoSettings, withNulls]) {
      expect(parseSettings(record)).toEqual(settingsSchema.parse(record));
    }
    expect(parseSettingsResponse({ data: demoSettings })).toEqual(
      settingsResponseSchema.parse({ data: demoSettings }).data,
    );
  });

  it('drops fields it does not know, as the contract does', () => {
    expect(parseSettings({ ...demoSettings, internalNote: 'x' })).toEqual(demoSettings);
  });

  it.each([
    ['a colour that is not hex', { ...demoSettings, primaryColor: 'red' }],
    ['CSS smuggled into a colour', { ...demoSettings, liftColor: '#fff; } body { display: none' }],
    ['a missing colour key', (({ hittingColor: _hittingColor, ...rest }) => rest)(demoSettings)],
    ['a name that is not text', { ...demoSettings, name: 42 }],
    ['no password policy', { ...demoSettings, passwordPolicy: null }],
    [
      'a password policy out of range',
      { ...demoSettings, passwordPolicy: { ...demoSettings.passwordPolicy, minLength: 0 } },
    ],
    ['not an object', 'settings'],
  ])('refuses %s, like the contract', (_label, record) => {
    expect(parseSettings(record)).toBeNull();
    expect(settingsSchema.safeParse(record).success).toBe(false);
  });

  it('reads a copy cached before the chat settings existed with their defaults', () => {
    const {
      chatAthletesToStaffOnly: _staffOnly,
      uploadMaxVideoBytes: _video,
      uploadMaxOtherBytes: _other,
      ...cachedBefore
    } = demoSettings;
    expect(parseSettings(cachedBefore)).toMatchObject({
      chatAthletesToStaffOnly: false,
      uploadMaxVideoBytes: 100 * 1024 * 1024,
      uploadMaxOtherBytes: 20 * 1024 * 1024,
    });
    expect(parseSettings({ ...demoSettings, uploadMaxVideoBytes: '100' })).toBeNull();
    expect(parseSettings({ ...demoSettings, chatAthletesToStaffOnly: 'no' })).toBeNull();
  });

  it('throws for a response without a settings record', () => {
    expect(() => parseSettingsResponse({ data: null })).toThrow(TypeError);
    expect(() => parseSettingsResponse(null)).toThrow(TypeError);
  });
});
