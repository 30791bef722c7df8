import { describe, expect, it } from 'vitest';
import { makeAdminUser } from '../test-data';
import { displayName, EMPTY_USER_FILTERS, filterUsers, hasActiveFilters } from './filter-users';

const ada = makeAdminUser({
  email: 'ada@example.com',
  firstname: 'Ada',
  lastname: 'Lovelace',
  role: 'admin',
});
const bob = makeAdminUser({ email: 'bob@corp.test', username: 'bobby', status: 'banned' });
const cy = makeAdminUser({
  email: 'cy@example.com',
  firstname: 'Cy',
  lastname: 'Twombly',
  role: 'moderator',
  status: 'pending',
});
const users = [ada, bob, cy];

describe('filterUsers', () => {
  it('returns everyone without filters', () => {
    expect(filterUsers(users, EMPTY_USER_FILTERS)).toEqual(users);
  });

  it.each([
    ['ADA@EXAMPLE', ada],
    ['BoBbY', bob],
    ['cy', cy],
    ['lovelace', ada],
  ])('finds %s in email, username, first or last name, ignoring case', (search, expected) => {
    expect(filterUsers(users, { ...EMPTY_USER_FILTERS, search })).toContain(expected);
  });

  it('matches the search against the four fields only', () => {
    expect(filterUsers(users, { ...EMPTY_USER_FILTERS, search: 'moderator' })).toEqual([]);
  });

  it('ignores surrounding spaces in the search', () => {
    expect(filterUsers(users, { ...EMPTY_USER_FILTERS, search: '  twombly ' })).toEqual([cy]);
  });

  it('filters by role and by status, combined with the search', () => {
    expect(filterUsers(users, { ...EMPTY_USER_FILTERS, role: 'admin' })).toEqual([ada]);
    expect(filterUsers(users, { ...EMPTY_USER_FILTERS, status: 'banned' })).toEqual([bob]);
    expect(filterUsers(users, { search: 'example', role: 'moderator', status: 'pending' })).toEqual([cy]);
    expect(filterUsers(users, { search: 'example', role: 'moderator', status: 'active' })).toEqual([]);
  });

  it('knows when filters are active', () => {
    expect(hasActiveFilters(EMPTY_USER_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_USER_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_USER_FILTERS, status: 'inactive' })).toBe(true);
  });
});

describe('displayName', () => {
  it('prefers the full name, then the username, then "No name"', () => {
    expect(displayName(ada)).toBe('Ada Lovelace');
    expect(displayName(bob)).toBe('bobby');
    expect(displayName(makeAdminUser())).toBe('No name');
    expect(displayName(makeAdminUser({ firstname: 'Solo' }))).toBe('Solo');
  });
});
