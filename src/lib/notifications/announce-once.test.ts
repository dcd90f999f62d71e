import { opensScreenOnShow } from './announce-once';

describe('opensScreenOnShow', () => {
  const conversation = { pathname: '/app/chat/7c0f4a52-1b1e-4a3e-9d55-2f0b6f1f0a01', search: '' };

  it('is true for a message in the conversation being read: the conversation shows it', () => {
    expect(opensScreenOnShow('/app/chat/7c0f4a52-1b1e-4a3e-9d55-2f0b6f1f0a01', conversation)).toBe(true);
  });

  it('is false for another conversation, the dashboard on show, or no link', () => {
    expect(opensScreenOnShow('/app/chat/0b5e9a4c-4e4f-4d8a-9f6b-6c1d2e3f4a5b', conversation)).toBe(false);
    expect(opensScreenOnShow('/app/dashboard', { pathname: '/app/dashboard', search: '' })).toBe(false);
    expect(opensScreenOnShow(null, conversation)).toBe(false);
  });
});
