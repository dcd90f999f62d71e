import type { UserListItem } from '@contract';
import { demoPeople, demoUsers } from '@mocks/data';
import { pageRange } from '@/components/ui/list-pager';
import { statusActionsFor } from './user-list-rules';
import { userListParamsFrom, validateUsersSearch } from './users-search';

const person = (email: string): UserListItem => {
  const found = demoPeople.find((user) => user.email === email);
  if (!found) throw new Error(email);
  return found;
};

describe('the users screen address', () => {
  it('reads search, filters and a page counted from 1, and drops what makes no sense', () => {
    expect(
      validateUsersSearch({ q: ' riv ', role: 'coach', status: 'pending', group: 'nope', page: '2' }),
    ).toEqual({ q: 'riv', role: 'coach', status: 'pending', group: undefined, page: 2 });
    expect(validateUsersSearch({ role: 'captain', page: '0' })).toEqual({
      q: undefined,
      role: undefined,
      status: undefined,
      group: undefined,
      page: undefined,
    });
  });

  it('asks the API for the page counted from 0, 25 at a time, with only the filters set', () => {
    expect(userListParamsFrom({ page: 3, q: 'kim' })).toEqual({ page: 2, size: 25, q: 'kim' });
    expect(userListParamsFrom({})).toEqual({ page: 0, size: 25 });
  });
});

describe('which status changes the screen offers', () => {
  it('gives a coach the athletes only, and nobody their own account', () => {
    expect(statusActionsFor(demoUsers.coach, person('pending@demo.test'))).toEqual(['approved', 'rejected']);
    expect(statusActionsFor(demoUsers.coach, person('athlete@demo.test'))).toEqual(['disabled']);
    expect(statusActionsFor(demoUsers.coach, person('admin@demo.test'))).toEqual([]);
    expect(statusActionsFor(demoUsers.coach, person('coach@demo.test'))).toEqual([]);
  });

  it('gives an admin everyone else, and an athlete nothing', () => {
    expect(statusActionsFor(demoUsers.admin, person('coach@demo.test'))).toEqual(['disabled']);
    expect(statusActionsFor(demoUsers.admin, person('admin@demo.test'))).toEqual([]);
    expect(statusActionsFor(demoUsers.athlete, person('pending@demo.test'))).toEqual([]);
    expect(
      statusActionsFor(demoUsers.admin, { ...person('noah.kim@demo.test'), status: 'disabled' }),
    ).toEqual(['approved']);
  });
});

describe('the page range', () => {
  it('reads "1–25 of 73"', () => {
    expect(pageRange(0, 25, 25, 73)).toBe('1–25 of 73');
    expect(pageRange(2, 25, 23, 73)).toBe('51–73 of 73');
    expect(pageRange(0, 25, 0, 0)).toBeNull();
  });
});
