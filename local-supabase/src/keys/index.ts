/**
 * Per-install signing keys, generated on first start and kept in `<dataDir>/keys.json` (mode 0600):
 * an HS256 secret for the anon/service_role API keys (as a hosted project's legacy JWT secret) and an
 * ES256 key pair for user access tokens, published as a JWKS like a project with asymmetric signing keys.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  SignJWT,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { z } from 'zod';
import type { StackKeys } from '../stack/types.ts';

const TEN_YEARS = 10 * 365 * 24 * 3600;

const jwkSchema = z.looseObject({
  kty: z.literal('EC'),
  crv: z.literal('P-256'),
  x: z.string(),
  y: z.string(),
});

const keyFileSchema = z.object({
  version: z.literal(1),
  projectRef: z.string(),
  jwtSecret: z.string().min(32),
  anonKey: z.string(),
  serviceRoleKey: z.string(),
  signingKey: z.object({
    kid: z.string(),
    privateJwk: jwkSchema.extend({ d: z.string() }),
    publicJwk: jwkSchema,
  }),
});

type KeyFile = z.infer<typeof keyFileSchema>;

export const KEYS_FILE = 'keys.json';

/**
 * Loads the keys of this install, creating them on first use. `issuer` is `${apiUrl}/auth/v1`.
 * Keys made for another project_id are replaced, so the API keys always carry the current `ref`.
 */
export async function loadOrCreateKeys(
  dataDir: string,
  projectRef: string,
  issuer: string,
): Promise<StackKeys> {
  const file = path.join(dataDir, KEYS_FILE);
  let stored = await readKeyFile(file);
  if (!stored || stored.projectRef !== projectRef) {
    stored = await generateKeyFile(projectRef);
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    await rename(temp, file);
  }
  await chmod(file, 0o600);
  return createStackKeys(stored, issuer);
}

async function readKeyFile(file: string): Promise<KeyFile | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = keyFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success)
    throw new Error(`${file} is damaged; delete it to generate new keys (existing sessions end).`);
  return parsed.data;
}

async function generateKeyFile(projectRef: string): Promise<KeyFile> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const secret = new TextEncoder().encode(jwtSecret);
  const iat = Math.floor(Date.now() / 1000);
  const apiKey = (role: string) =>
    new SignJWT({ iss: 'supabase', ref: projectRef, role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + TEN_YEARS)
      .sign(secret);
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = randomUUID();
  const privateJwk = jwkSchema.extend({ d: z.string() }).parse(await exportJWK(privateKey));
  const publicJwk = jwkSchema.parse(await exportJWK(publicKey));
  return {
    version: 1,
    projectRef,
    jwtSecret,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    signingKey: { kid, privateJwk, publicJwk },
  };
}

async function createStackKeys(stored: KeyFile, issuer: string): Promise<StackKeys> {
  const secret = new TextEncoder().encode(stored.jwtSecret);
  const { kid } = stored.signingKey;
  const privateKey = (await importJWK(
    { ...stored.signingKey.privateJwk, alg: 'ES256' },
    'ES256',
  )) as CryptoKey;
  const publicKey = (await importJWK({ ...stored.signingKey.publicJwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const publicJwk: JWK = {
    ...stored.signingKey.publicJwk,
    kid,
    alg: 'ES256',
    use: 'sig',
    key_ops: ['verify'],
  };

  return {
    jwtSecret: stored.jwtSecret,
    anonKey: stored.anonKey,
    serviceRoleKey: stored.serviceRoleKey,
    issuer,
    async signAccessToken(claims, expiresInSeconds) {
      const iat = Math.floor(Date.now() / 1000);
      return new SignJWT({ iss: issuer, ...claims })
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(iat)
        .setExpirationTime(iat + expiresInSeconds)
        .sign(privateKey);
    },
    jwks() {
      return { keys: [{ ...publicJwk }] };
    },
    async verify(token) {
      const header = decodeProtectedHeader(token);
      if (header.alg === 'HS256') {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        return payload as JWTPayload & { role?: string; sub?: string };
      }
      if (header.alg === 'ES256' && header.kid === kid) {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'] });
        return payload as JWTPayload & { role?: string; sub?: string };
      }
      throw new Error('unable to verify JWT: unknown signing algorithm or key id');
    },
  };
}
