import { apiPathOf } from './api-path';
import {
  getRunningCalls,
  RequestActivity,
  resetRequestActivity,
  showsLoadingIndicator,
} from './request-activity';

const root = 'https://academy.example.app/';

describe('which calls show the loading indicator (spec 9)', () => {
  it.each([
    '/api/login',
    '/api/chatGroupsMessage/42',
    '/api/notifications?user=5a0c8a8e',
    '/api/chats/7',
    '/api/upload/chunk',
    '/api/upload',
    '/api/settings',
    '/api/workoutreader',
    '/api/reporting/organization/0b6f3c1e/llm',
    '/api/settings/',
  ])('leaves %s out', (path) => {
    expect(showsLoadingIndicator(new URL(path, root).href, root)).toBe(false);
  });

  it.each([
    '/api/me',
    '/api/publicSettings',
    '/api/customSidebarItems',
    '/api/notifications',
    '/api/notifications/9',
    '/api/chats',
    '/api/chats/7/members',
    '/api/chatGroupsMessage',
    '/api/reporting/organization/0b6f3c1e',
    '/api/uploads',
    '/passenger?page=0&size=300',
  ])('shows it for %s', (path) => {
    expect(showsLoadingIndicator(new URL(path, root).href, root)).toBe(true);
  });

  it('matches under an API root that has a path of its own', () => {
    const prefixed = 'https://api.example.com/v1/';
    expect(showsLoadingIndicator('https://api.example.com/v1/api/settings', prefixed)).toBe(false);
    expect(showsLoadingIndicator('https://api.example.com/v1/api/me', prefixed)).toBe(true);
    expect(apiPathOf('https://api.example.com/v1/api/chats/7', prefixed)).toBe('/api/chats/7');
  });
});

describe('running calls', () => {
  beforeEach(resetRequestActivity);

  it('counts a call once from start to end, whatever is called twice', () => {
    const first = new RequestActivity();
    const second = new RequestActivity();
    first.start();
    first.start();
    second.start();
    expect(getRunningCalls()).toBe(2);
    first.end();
    first.end();
    expect(getRunningCalls()).toBe(1);
    second.end();
    expect(getRunningCalls()).toBe(0);
  });

  it('ignores the end of a call that never started, and a start after its end', () => {
    const call = new RequestActivity();
    call.end();
    call.start();
    expect(getRunningCalls()).toBe(0);
  });
});
