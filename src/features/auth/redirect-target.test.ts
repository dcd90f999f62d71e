import { signedInTarget } from './redirect-target';

const origin = 'http://localhost:3000';

describe('where sign-in leads', () => {
  it.each([
    ['/app/dashboard', '/app/dashboard'],
    ['/app/schedule?athlete=7#today', '/app/schedule?athlete=7#today'],
    ['/app', '/app'],
    [`${origin}/app/users`, '/app/users'],
  ])('follows %s', (redirect, expected) => {
    expect(signedInTarget(redirect, origin)).toBe(expected);
  });

  it.each([
    undefined,
    '',
    'https://evil.example/app/dashboard',
    '//evil.example/app/dashboard',
    '/\\evil.example/app',
    '/login',
    '/application',
    '/app/../login',
    'javascript:alert(1)',
  ])('goes to the dashboard instead of %s', (redirect) => {
    expect(signedInTarget(redirect, origin)).toBe('/app/dashboard');
  });
});
