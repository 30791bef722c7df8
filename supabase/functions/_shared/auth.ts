/**
 * Who is calling: the function verifies access tokens itself (config.toml sets verify_jwt = false so
 * that anonymous verification reaches it). A user token must be an asymmetric JWT published in the
 * auth server's JWKS, issued by our auth server for the `authenticated` audience; a publishable (anon)
 * key, or no token at all, means anonymous; anything else is refused with 401.
 */
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import { HttpError } from './errors.ts';

export type Caller =
  | { kind: 'anon' }
  | {
      kind: 'user';
      /** auth.users.id (the JWT `sub`). */
      userId: string;
      /** The verified claims, handed to Postgres as `request.jwt.claims`. */
      claims: JWTPayload & { sub: string; role: 'authenticated' };
      /** The raw access token, forwarded to Storage so its RLS applies. */
      token: string;
    };

export interface TokenVerifierOptions {
  supabaseUrl: string;
  issuer: string;
  /** Keys that stand for "anonymous" when sent as Bearer tokens. */
  publicKeys: string[];
}

export type TokenVerifier = (authorization: string | undefined | null) => Promise<Caller>;

const INVALID_TOKEN = 'Invalid or expired access token';

export function createTokenVerifier(options: TokenVerifierOptions): TokenVerifier {
  const jwks = createRemoteJWKSet(new URL(`${options.supabaseUrl}/auth/v1/.well-known/jwks.json`), {
    cacheMaxAge: 10 * 60 * 1000,
  });
  const publicKeys = new Set(options.publicKeys);

  return async (authorization) => {
    if (!authorization) return { kind: 'anon' };
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match?.[1]) throw new HttpError(401, 'Authorization header must be a Bearer token');
    const token = match[1];
    if (publicKeys.has(token)) return { kind: 'anon' };

    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        issuer: options.issuer,
        audience: 'authenticated',
        algorithms: ['ES256', 'RS256', 'EdDSA'],
      }));
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) throw new HttpError(401, INVALID_TOKEN);
      // The JWKS endpoint being unreachable is our failure, not the caller's.
      throw error;
    }
    if (typeof payload.sub !== 'string' || payload.role !== 'authenticated') {
      throw new HttpError(401, INVALID_TOKEN);
    }
    return {
      kind: 'user',
      userId: payload.sub,
      claims: payload as JWTPayload & { sub: string; role: 'authenticated' },
      token,
    };
  };
}
