import type { AdminUser } from '@contract';

let sequence = 0;

/** A user as the admin API returns it: an active 'user' without names, unless overridden (tests only). */
export function makeAdminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  sequence += 1;
  return {
    auth_id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    email: `user${sequence}@example.com`,
    username: null,
    firstname: null,
    lastname: null,
    avatar: null,
    role: 'user',
    status: 'active',
    created_at: '2025-01-15T10:00:00Z',
    ...overrides,
  };
}
