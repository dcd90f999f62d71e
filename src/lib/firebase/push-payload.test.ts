import {
  backgroundNotification,
  clickedNotificationLink,
  foregroundToast,
  safeAppLink,
} from './push-payload';

const origin = 'https://demo.connect.test';

describe('a message received while the app is visible (spec 8)', () => {
  it('becomes a toast with its body and title', () => {
    expect(foregroundToast({ data: { title: 'Schedule changed', body: 'Practice moves to 6 pm' } })).toEqual({
      title: 'Schedule changed',
      message: 'Practice moves to 6 pm',
    });
  });

  it("says 'New notification received' when it has no body, or a blank one", () => {
    expect(foregroundToast({ data: {} }).message).toBe('New notification received');
    expect(foregroundToast({}).message).toBe('New notification received');
    expect(foregroundToast({ data: { body: '   ' } }).message).toBe('New notification received');
  });

  it('falls back to a notification block, as the Firebase console sends them', () => {
    expect(foregroundToast({ notification: { title: 'Hello', body: 'From the console' } })).toEqual({
      title: 'Hello',
      message: 'From the console',
    });
  });
});

describe('a message received with no page of the app visible', () => {
  it("shows its title, body and link, with the organisation's logo as icon", () => {
    const { title, options } = backgroundNotification(
      { data: { title: 'Workout logged', body: 'Sam finished Lift A', link: '/app/workouts/42' } },
      origin,
    );
    expect(title).toBe('Workout logged');
    expect(options).toEqual({
      body: 'Sam finished Lift A',
      icon: `${origin}/api/branding/icons/192.png`,
      data: { link: `${origin}/app/workouts/42` },
    });
  });

  it("is titled 'New Message' without a title (spec 3), and opens the dashboard without a link", () => {
    const { title, options } = backgroundNotification({ data: { body: 'Hi' } }, origin);
    expect(title).toBe('New Message');
    expect(options.data.link).toBe(`${origin}/app/dashboard`);
  });

  it('uses the icon the message names', () => {
    const { options } = backgroundNotification({ data: { icon: `${origin}/uploads/team.png` } }, origin);
    expect(options.icon).toBe(`${origin}/uploads/team.png`);
    expect(options).not.toHaveProperty('body');
  });
});

describe('the link a notification opens', () => {
  it.each([
    ['a path', '/app/schedule?week=3', `${origin}/app/schedule?week=3`],
    ['a URL of the app', `${origin}/app/chat/7`, `${origin}/app/chat/7`],
    ['nothing', undefined, `${origin}/app/dashboard`],
    ['another site', 'https://evil.example/phish', `${origin}/app/dashboard`],
    ['a protocol-relative URL', '//evil.example/app', `${origin}/app/dashboard`],
    ['a script', 'javascript:alert(1)', `${origin}/app/dashboard`],
    ['an unparsable URL', 'http://[', `${origin}/app/dashboard`],
  ])('for %s is %s', (_case, link, expected) => {
    expect(safeAppLink(link, origin)).toBe(expected);
  });

  it('is read back from the notification, checked again', () => {
    expect(clickedNotificationLink({ link: '/app/chat' }, origin)).toBe(`${origin}/app/chat`);
    expect(clickedNotificationLink({ link: 'https://evil.example' }, origin)).toBe(`${origin}/app/dashboard`);
    expect(clickedNotificationLink(null, origin)).toBe(`${origin}/app/dashboard`);
    expect(clickedNotificationLink({ link: 42 }, origin)).toBe(`${origin}/app/dashboard`);
  });
});
