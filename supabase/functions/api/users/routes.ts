/**
 * Routes of /api/users (spec section 7): admin only, except GET and PATCH /me (any signed-in user's
 * own profile); an admin cannot change or delete themself.
 */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  updateOwnProfileRequestSchema,
  updateUserRoleRequestSchema,
  updateUserStatusRequestSchema,
  uuidParamSchema,
} from '../../_shared/api-contract.ts';
import { parseJsonBody, parseParam } from '../../_shared/http/validation.ts';
import { type AppEnv, requireAdmin, requireUser } from '../context.ts';
import { smallBodyLimit } from '../limits.ts';
import {
  deleteUser,
  getOwnProfile,
  listUsers,
  setUserRole,
  setUserStatus,
  updateOwnProfile,
  userStats,
} from './service.ts';

export const userRoutes = new Hono<AppEnv>();

userRoutes.get('/', async (c) => {
  const user = await requireAdmin(c);
  return c.json({ data: await listUsers(c.get('deps'), user) });
});

/** Extension: the caller's own profile (any active signed-in user), for the web app's session. */
userRoutes.get('/me', async (c) => {
  const user = await requireUser(c);
  return c.json({ user: await getOwnProfile(c.get('deps'), user) });
});

/** Extension: Edit Profile, the caller's own first name, last name and username. */
userRoutes.patch('/me', bodyLimit(smallBodyLimit), async (c) => {
  const user = await requireUser(c);
  const fields = await parseJsonBody(c, updateOwnProfileRequestSchema);
  return c.json({ user: await updateOwnProfile(c.get('deps'), user, fields) });
});

userRoutes.get('/stats', async (c) => {
  const user = await requireAdmin(c);
  return c.json({ stats: await userStats(c.get('deps'), user) });
});

userRoutes.patch('/:userId/role', bodyLimit(smallBodyLimit), async (c) => {
  const user = await requireAdmin(c);
  const userId = parseParam(c, 'userId', uuidParamSchema);
  const { role } = await parseJsonBody(c, updateUserRoleRequestSchema);
  return c.json({ user: await setUserRole(c.get('deps'), user, userId, role) });
});

userRoutes.patch('/:userId/status', bodyLimit(smallBodyLimit), async (c) => {
  const user = await requireAdmin(c);
  const userId = parseParam(c, 'userId', uuidParamSchema);
  const { status } = await parseJsonBody(c, updateUserStatusRequestSchema);
  return c.json({ user: await setUserStatus(c.get('deps'), user, userId, status) });
});

userRoutes.delete('/:userId', async (c) => {
  const user = await requireAdmin(c);
  await deleteUser(c.get('deps'), user, parseParam(c, 'userId', uuidParamSchema));
  return c.json({ message: 'User deleted' });
});
