/**
 * /admin/users: list, create, get, update (incl. ban_duration) and delete; /invite: create an account
 * without a password and mail it an invitation. For the service role only.
 */
import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { redirectTarget, validateEmail, type AuthDeps } from '../context.ts';
import { parseGoDuration } from '../duration.ts';
import { AuthError, forbidden, unprocessable, validationFailed } from '../errors.ts';
import { checkPasswordStrength, hashPassword } from '../password.ts';
import { runBeforeUserCreated } from '../hooks.ts';
import { clientIp, metadataObject, optionalString, readJson } from '../request.ts';
import { loadPrincipal, verifyBearer } from '../tokens.ts';
import {
  AUDIENCE,
  INSTANCE_ID,
  confirmEmail,
  createUser,
  findUserByEmail,
  findUserById,
  isConfirmed,
  jsonb,
  loadUserJson,
  lockAddress,
  lockUser,
  setAppMetadata,
  setPassword,
  setUserMetadata,
  userColumns,
  usersJson,
  type UserRow,
} from '../users.ts';

/** GOTRUE_JWT_ADMIN_ROLES of a local Supabase CLI stack. */
const ADMIN_ROLES = new Set(['service_role']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PER_PAGE = 50;

const adminUserBody = z.object({
  id: optionalString,
  email: optionalString,
  phone: optionalString,
  password: z.string().nullish(),
  password_hash: optionalString,
  email_confirm: z.boolean().nullish(),
  phone_confirm: z.boolean().nullish(),
  user_metadata: metadataObject,
  app_metadata: metadataObject,
  ban_duration: optionalString,
  role: optionalString,
});

const deleteBody = z.object({ should_soft_delete: z.boolean().nullish() });

const inviteBody = z.object({ email: optionalString, data: metadataObject });

async function requireAdmin(c: Context, deps: AuthDeps): Promise<void> {
  const claims = await verifyBearer(c, deps.keys);
  // A token naming a real session must still have it (a signed-out user's JWT is not honoured).
  if (typeof claims.session_id === 'string' && claims.session_id !== '')
    await loadPrincipal(deps.sql, claims);
  if (!ADMIN_ROLES.has(claims.role ?? '')) throw forbidden('not_admin', 'User not allowed');
}

/** Milliseconds to ban for, 0 to lift a ban, undefined when not asked. */
function banDuration(value: string): number | undefined {
  if (value === '') return undefined;
  if (value === 'none') return 0;
  try {
    return parseGoDuration(value);
  } catch (error) {
    throw validationFailed(`invalid format for ban duration: ${(error as Error).message}`);
  }
}

function parsePageParam(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing "${value}": invalid syntax`,
    );
  }
  return Number(value);
}

/** Go's url.Values.Encode of the request query with `page` replaced (keys sorted). */
function pageLink(c: Context, page: number): string {
  const query = new URL(c.req.url).searchParams;
  query.set('page', String(page));
  const sorted = new URLSearchParams([...query.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return `/admin/users?${sorted.toString()}`;
}

const notFound = () => new AuthError(404, 'user_not_found', 'User not found');

export function registerAdminRoutes(app: Hono, deps: AuthDeps): void {
  const loadTarget = async (c: Context): Promise<UserRow> => {
    const id = c.req.param('id') ?? '';
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const user = await findUserById(deps.sql, id);
    if (!user) throw notFound();
    return user;
  };

  app.use('/admin/*', async (c, next) => {
    await requireAdmin(c, deps);
    await next();
  });

  /**
   * GoTrue's invite: a new address gets an unconfirmed account without a password (metadata from
   * `data`); an unconfirmed one is invited again as it is; a confirmed one is 422 `email_exists`.
   * The mail's link (type=invite) confirms the address and signs the user in.
   */
  app.post('/invite', async (c) => {
    await requireAdmin(c, deps);
    const body = await readJson(c, inviteBody);
    const email = validateEmail(body.email);
    const redirectTo = redirectTarget(c, deps);
    const data = body.data ?? {};
    if (!(await findUserByEmail(deps.sql, email))) {
      // GoTrue creates invited users through its sign-up path, before_user_created hook included.
      await runBeforeUserCreated(deps.sql, deps.hooks, {
        ip: clientIp(c),
        user: {
          aud: AUDIENCE,
          role: AUDIENCE,
          email,
          phone: '',
          app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data,
          is_anonymous: false,
        },
      });
    }
    const invited = await deps.sql.begin(async (tx) => {
      // The sign-up lock: an invitation and a sign-up of one address cannot both insert it.
      await lockAddress(tx, email);
      const existing = await findUserByEmail(tx, email);
      const user = existing
        ? await lockUser(tx, existing.id)
        : await createUser(tx, { email, encryptedPassword: '', userMetadata: data, confirmed: false });
      if (!user) throw new AuthError(500, 'unexpected_failure', 'Database error finding user');
      if (isConfirmed(user)) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
      await deps.mailer.sendInvite(tx, user, redirectTo);
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw new AuthError(500, 'unexpected_failure', 'Database error finding user');
      return loadUserJson(tx, fresh);
    });
    return c.json(invited);
  });

  app.get('/admin/users', async (c) => {
    const page = parsePageParam(c.req.query('page'), 1);
    const perPage = parsePageParam(c.req.query('per_page'), DEFAULT_PER_PAGE);
    if (page < 1 || perPage < 1)
      throw validationFailed('Bad Pagination Parameters: page and per_page must be positive');
    const filter = c.req.query('filter') ?? '';
    const pattern = `%${filter.replace(/[\\%_]/g, '\\$&')}%`;
    const where = deps.sql`
      instance_id = ${INSTANCE_ID} and aud = ${AUDIENCE}
      ${filter ? deps.sql`and (email ilike ${pattern} or raw_user_meta_data->>'full_name' ilike ${pattern})` : deps.sql``}`;
    const [{ count } = { count: 0 }] = await deps.sql<{ count: number }[]>`
      select count(*)::int as count from auth.users where ${where}`;
    const rows = await deps.sql<UserRow[]>`
      select ${userColumns(deps.sql)} from auth.users where ${where}
      order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`;
    const totalPages = Math.ceil(count / perPage);
    const links: string[] = [];
    if (totalPages > page) links.push(`<${pageLink(c, page + 1)}>; rel="next"`);
    links.push(`<${pageLink(c, totalPages)}>; rel="last"`);
    c.header('Link', links.join(', '));
    c.header('X-Total-Count', String(count));
    return c.json({ users: await usersJson(deps.sql, rows), aud: AUDIENCE });
  });

  app.post('/admin/users', async (c) => {
    const body = await readJson(c, adminUserBody);
    if (!body.email && !body.phone)
      throw validationFailed('Cannot create a user without either an email or phone');
    if (body.phone) throw validationFailed('Phone users are not supported by the local auth service');
    const email = validateEmail(body.email);
    if (await findUserByEmail(deps.sql, email)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    if (body.password && body.password_hash) {
      throw validationFailed('Only a password or a password hash should be provided');
    }
    if (body.id && !UUID.test(body.id)) throw validationFailed('ID must conform to the uuid v4 format');
    const ban = banDuration(body.ban_duration);
    const encryptedPassword = body.password_hash || (body.password ? await hashPassword(body.password) : '');
    const created = await deps.sql.begin(async (tx) => {
      const user = await createUser(tx, {
        id: body.id || undefined,
        email,
        encryptedPassword,
        userMetadata: body.user_metadata ?? {},
        confirmed: body.email_confirm ?? false,
        appMetadata: { ...(body.app_metadata ?? {}), provider: 'email', providers: ['email'] },
      });
      if (body.role) await tx`update auth.users set role = ${body.role} where id = ${user.id}`;
      if (ban !== undefined) await applyBan(tx, user.id, ban);
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw new AuthError(500, 'unexpected_failure', 'Error creating user');
      return loadUserJson(tx, fresh);
    });
    return c.json(created);
  });

  app.get('/admin/users/:id', async (c) => c.json(await loadUserJson(deps.sql, await loadTarget(c))));

  app.put('/admin/users/:id', async (c) => {
    const target = await loadTarget(c);
    const body = await readJson(c, adminUserBody);
    const email = body.email ? validateEmail(body.email) : '';
    if (body.phone) throw validationFailed('Phone users are not supported by the local auth service');
    const ban = banDuration(body.ban_duration);
    const password = body.password ?? null;
    if (password !== null) checkPasswordStrength(password, deps.settings.minimumPasswordLength);
    if (email && email !== target.email) {
      const other = await findUserByEmail(deps.sql, email);
      if (other && other.id !== target.id) {
        throw unprocessable('email_exists', 'A user with this email address has already been registered');
      }
    }
    const encrypted = password ? await hashPassword(password) : null;

    const updated = await deps.sql.begin(async (tx) => {
      const user = await lockUser(tx, target.id);
      if (!user) throw notFound();
      if (body.role)
        await tx`update auth.users set role = ${body.role}, updated_at = now() where id = ${user.id}`;
      if (body.email_confirm) await confirmEmail(tx, user);
      if (encrypted) await setPassword(tx, user.id, encrypted);
      if (email) {
        await tx`update auth.users set email = ${email}, updated_at = now() where id = ${user.id}`;
        await tx`
          update auth.identities
          set identity_data = identity_data || ${jsonb(tx, { email, email_verified: body.email_confirm ?? false })},
              updated_at = now()
          where user_id = ${user.id} and provider = 'email'`;
      }
      const current = await findUserById(tx, user.id);
      if (!current) throw notFound();
      if (body.app_metadata) await setAppMetadata(tx, current, body.app_metadata);
      if (body.user_metadata) await setUserMetadata(tx, current, body.user_metadata);
      if (ban !== undefined) await applyBan(tx, user.id, ban);
      const fresh = await findUserById(tx, user.id);
      if (!fresh) throw notFound();
      return loadUserJson(tx, fresh);
    });
    return c.json(updated);
  });

  app.delete('/admin/users/:id', async (c) => {
    const target = await loadTarget(c);
    const body = await readJson(c, deleteBody, { allowEmpty: true });
    if (body.should_soft_delete) {
      if (target.deleted_at) return c.json({});
      // As GoTrue: the row stays for foreign keys, but the address is freed and nobody can sign in.
      const obfuscated = createHash('sha256')
        .update(`${target.id}${target.email ?? ''}`)
        .digest('hex');
      await deps.sql.begin(async (tx) => {
        await tx`
          update auth.users
          set email = ${`${obfuscated}@deleted.invalid`}, phone = null, encrypted_password = '',
              confirmation_token = '', recovery_token = '', email_change = '', email_change_token_new = '',
              deleted_at = now(), updated_at = now()
          where id = ${target.id}`;
        await tx`
          update auth.identities set provider_id = ${obfuscated}, identity_data = '{}'::jsonb, updated_at = now()
          where user_id = ${target.id}`;
        await tx`delete from auth.sessions where user_id = ${target.id}`;
      });
      return c.json({});
    }
    // Identities, sessions and (through sessions) refresh tokens go with the user by cascade.
    await deps.sql`delete from auth.users where id = ${target.id}`;
    return c.json({});
  });
}

async function applyBan(db: Parameters<typeof findUserById>[0], userId: string, ms: number): Promise<void> {
  if (ms === 0) {
    await db`update auth.users set banned_until = null, updated_at = now() where id = ${userId}`;
  } else {
    await db`update auth.users set banned_until = now() + ${`${ms} milliseconds`}::interval, updated_at = now()
             where id = ${userId}`;
  }
}
