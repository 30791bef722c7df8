import type {
  DeleteUserResponse,
  UpdateOwnProfileRequest,
  UserListResponse,
  UserResponse,
  UserRole,
  UserStatsResponse,
  UserStatus,
} from '@contract';
import { apiRequest } from './request';

/** The spec's default messages (section 8) for user-management calls. */
export const USER_MESSAGES = {
  fetch: 'Failed to fetch users',
  stats: 'Failed to fetch stats',
  updateRole: 'Failed to update user role',
  updateStatus: 'Failed to update user status',
  delete: 'Failed to delete user',
  profile: 'Failed to fetch profile',
  updateProfile: 'Failed to update profile',
} as const;

interface CallOptions {
  signal?: AbortSignal;
}

/** GET /users (admin): every user's profile. */
export function listUsers(options: CallOptions = {}): Promise<UserListResponse> {
  return apiRequest('/users', { defaultMessage: USER_MESSAGES.fetch, signal: options.signal });
}

/** GET /users/stats (admin): totals by role and status. */
export function getUserStats(options: CallOptions = {}): Promise<UserStatsResponse> {
  return apiRequest('/users/stats', { defaultMessage: USER_MESSAGES.stats, signal: options.signal });
}

/** GET /users/me (extension): the signed-in user's own profile. */
export function getMyProfile(options: CallOptions = {}): Promise<UserResponse> {
  return apiRequest('/users/me', { defaultMessage: USER_MESSAGES.profile, signal: options.signal });
}

/** PATCH /users/me (extension): Edit Profile, the signed-in user's own names. */
export function updateMyProfile(fields: UpdateOwnProfileRequest): Promise<UserResponse> {
  return apiRequest('/users/me', {
    method: 'PATCH',
    body: fields,
    defaultMessage: USER_MESSAGES.updateProfile,
  });
}

/** PATCH /users/{authId}/role (admin). */
export function updateUserRole(authId: string, role: UserRole): Promise<UserResponse> {
  return apiRequest(`/users/${encodeURIComponent(authId)}/role`, {
    method: 'PATCH',
    body: { role },
    defaultMessage: USER_MESSAGES.updateRole,
  });
}

/** PATCH /users/{authId}/status (admin). */
export function updateUserStatus(authId: string, status: UserStatus): Promise<UserResponse> {
  return apiRequest(`/users/${encodeURIComponent(authId)}/status`, {
    method: 'PATCH',
    body: { status },
    defaultMessage: USER_MESSAGES.updateStatus,
  });
}

/** DELETE /users/{authId} (admin). */
export function deleteUser(authId: string): Promise<DeleteUserResponse> {
  return apiRequest(`/users/${encodeURIComponent(authId)}`, {
    method: 'DELETE',
    defaultMessage: USER_MESSAGES.delete,
  });
}
