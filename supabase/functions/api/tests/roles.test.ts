/**
 * The role matrix: every endpoint called as anonymous, user, another user, moderator and admin,
 * plus an invalid token and inactive, banned or pending accounts. The server decides, not the client.
 */
import assert from 'node:assert/strict';
import {
  ANON_KEY,
  call,
  demo,
  freshUser,
  FUNCTION_URL,
  type Persona,
  sharedUser,
  test,
  uniquePngDataUrl,
  uploadUnique,
} from './helpers.ts';

type Who = 'anon' | 'user' | 'other' | 'moderator' | 'admin';
const WHO: Who[] = ['anon', 'user', 'other', 'moderator', 'admin'];

interface Fixture {
  personas: Record<Exclude<Who, 'anon'>, Persona>;
  certificateId: string;
  deletable: Persona;
  target: Persona;
}

interface ApiRequest {
  method: string;
  path: string;
  json?: unknown;
}

interface Row {
  name: string;
  request: (f: Fixture) => ApiRequest | Promise<ApiRequest>;
  expected: Record<Who, number>;
}

const ADMIN_ONLY = { anon: 401, user: 403, other: 403, moderator: 403 } as const;
const OWNER_OR_ADMIN = { anon: 401, user: 200, other: 403, moderator: 403, admin: 200 } as const;
const PUBLIC = { anon: 200, user: 200, other: 200, moderator: 200, admin: 200 } as const;

const rows: Row[] = [
  {
    name: 'POST /certificates/upload-base64 for the user',
    request: async (f) => ({
      method: 'POST',
      path: '/certificates/upload-base64',
      json: { fileData: await uniquePngDataUrl(), userId: f.personas.user.userId, mode: 'process' },
    }),
    expected: { anon: 401, user: 201, other: 403, moderator: 403, admin: 201 },
  },
  {
    name: 'GET /certificates/user/{user}',
    request: (f) => ({ method: 'GET', path: `/certificates/user/${f.personas.user.userId}` }),
    expected: OWNER_OR_ADMIN,
  },
  {
    name: 'GET /certificates/user/{user}/with-name',
    request: (f) => ({ method: 'GET', path: `/certificates/user/${f.personas.user.userId}/with-name` }),
    expected: OWNER_OR_ADMIN,
  },
  {
    name: 'GET /certificates/all',
    request: () => ({ method: 'GET', path: '/certificates/all' }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'GET /certificates/stats',
    request: () => ({ method: 'GET', path: '/certificates/stats' }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'POST /certificates/revoke/{id}',
    request: (f) => ({
      method: 'POST',
      path: `/certificates/revoke/${f.certificateId}`,
      json: { reason: 'Issued in error' },
    }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'GET /certificates/revoked',
    request: () => ({ method: 'GET', path: '/certificates/revoked' }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'POST /certificates/unrevoke/{id}',
    request: (f) => ({ method: 'POST', path: `/certificates/unrevoke/${f.certificateId}` }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'POST /certificates/approve/{id}',
    request: (f) => ({ method: 'POST', path: `/certificates/approve/${f.certificateId}` }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'POST /certificates/reject/{id} (already approved)',
    request: (f) => ({ method: 'POST', path: `/certificates/reject/${f.certificateId}` }),
    expected: { ...ADMIN_ONLY, admin: 409 },
  },
  {
    name: 'GET /users',
    request: () => ({ method: 'GET', path: '/users' }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'GET /users/stats',
    request: () => ({ method: 'GET', path: '/users/stats' }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'PATCH /users/{target}/role',
    request: (f) => ({
      method: 'PATCH',
      path: `/users/${f.target.userId}/role`,
      json: { role: 'moderator' },
    }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'PATCH /users/{target}/status',
    request: (f) => ({
      method: 'PATCH',
      path: `/users/${f.target.userId}/status`,
      json: { status: 'active' },
    }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'DELETE /users/{deletable}',
    request: (f) => ({ method: 'DELETE', path: `/users/${f.deletable.userId}` }),
    expected: { ...ADMIN_ONLY, admin: 200 },
  },
  {
    name: 'POST /verification/verify',
    request: async () => ({
      method: 'POST',
      path: '/verification/verify',
      json: { fileData: await uniquePngDataUrl() },
    }),
    expected: PUBLIC,
  },
  {
    name: 'GET /verification/stats',
    request: () => ({ method: 'GET', path: '/verification/stats' }),
    expected: PUBLIC,
  },
];

async function fixture(): Promise<Fixture> {
  const [admin, moderator, user, other, target, deletable] = await Promise.all([
    demo('admin'),
    demo('moderator'),
    sharedUser('matrix-user'),
    sharedUser('matrix-other'),
    freshUser('matrix-target'),
    freshUser('matrix-deletable'),
  ]);
  // A pending certificate of the user, for the admin actions to act on.
  const certificate = await uploadUnique(user);
  return { personas: { admin, moderator, user, other }, certificateId: certificate.id, deletable, target };
}

test('role matrix: every endpoint answers each role as designed', async () => {
  const f = await fixture();
  const failures: string[] = [];
  for (const row of rows) {
    // Admin last, so state-changing calls by others are refused before the admin's succeeds.
    for (const who of WHO) {
      const { method, path, json } = await row.request(f);
      const token = who === 'anon' ? ANON_KEY : f.personas[who].token;
      const response = await call(method, path, { token, json });
      if (response.status !== row.expected[who]) {
        failures.push(`${row.name} as ${who}: ${response.status} ${JSON.stringify(response.body)}`);
      } else if (response.status >= 400) {
        assert.equal(typeof (response.body as { error?: unknown }).error, 'string', `${row.name} as ${who}`);
      }
    }
  }
  assert.deepEqual(failures, []);
});

test('an invalid or foreign token is 401 on every endpoint, even the public ones', async () => {
  const forged = `${(await demo('user')).token.slice(0, -4)}AAAA`;
  for (const token of ['not-a-jwt', forged]) {
    for (const [method, path] of [
      ['GET', '/certificates/all'],
      ['GET', '/users'],
      ['GET', '/verification/stats'],
      ['POST', '/verification/verify'],
    ] as const) {
      const response = await call(method, path, { token, json: method === 'POST' ? {} : undefined });
      assert.equal(response.status, 401, `${method} ${path} with ${token.slice(0, 10)}`);
      assert.equal(typeof response.body.error, 'string');
    }
  }
});

test('no Authorization header at all means anonymous', async () => {
  assert.equal((await call('GET', '/verification/stats', { token: null })).status, 200);
  assert.equal((await call('GET', '/users', { token: null })).status, 401);
});

test('inactive, banned and pending accounts get 403 everywhere, public endpoints included', async () => {
  const admin = await demo('admin');
  for (const status of ['inactive', 'banned', 'pending'] as const) {
    const persona = await freshUser(`status-${status}`);
    const changed = await call('PATCH', `/users/${persona.userId}/status`, {
      token: admin.token,
      json: { status },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    for (const [method, path] of [
      ['GET', `/certificates/user/${persona.userId}`],
      ['GET', '/verification/stats'],
      ['POST', '/verification/verify'],
    ] as const) {
      const response = await call(method, path, {
        token: persona.token,
        json: method === 'POST' ? {} : undefined,
      });
      assert.equal(response.status, 403, `${status}: ${method} ${path} -> ${JSON.stringify(response.body)}`);
    }
  }
});

test('CORS: preflight is answered and every response carries the headers', async () => {
  const preflight = await fetch(`${FUNCTION_URL}/certificates/all`, {
    method: 'OPTIONS',
    headers: {
      origin: 'http://localhost:3000',
      'access-control-request-method': 'GET',
      'access-control-request-headers': 'authorization, content-type',
    },
  });
  await preflight.body?.cancel();
  assert.ok(preflight.status < 300, `preflight status ${preflight.status}`);
  assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
  assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /PATCH/);

  const refused = await call('GET', '/users');
  assert.equal(refused.status, 401);
  assert.equal(refused.headers.get('access-control-allow-origin'), '*');
});
