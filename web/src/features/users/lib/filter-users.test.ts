import { describe, expect, it } from 'vitest';
import type { AdminUser } from '@contract';
import { displayName, EMPTY_USER_FILTERS, filterUsers, hasActiveFilters } from './filter-users';

function user(overrides: Partial<AdminUser>): AdminUser {
  return {
    auth_id: crypto.randomUUID(),
    email: 'someone@example.com',
    username: null,
    firstname: null,
    lastname: null,
    avatar: null,
    role: 'user',
    status: 'active',
    created_at: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

const ada = user({ email: 'ada@example.com', firstname: 'Ada', lastname: 'Lovelace', role: 'admin' });
const bob = user({ email: 'bob@corp.test', username: 'bobby', status: 'banned' });
const cy = user({
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
    expect(displayName(user({}))).toBe('No name');
    expect(displayName(user({ firstname: 'Solo' }))).toBe('Solo');
  });
});
