/** Passwords as GoTrue stores them: bcrypt (cost 10) in auth.users.encrypted_password. */
import bcrypt from 'bcryptjs';
import { AuthError, validationFailed } from './errors.ts';

/** bcrypt ignores bytes past 72, so GoTrue refuses longer passwords outright. */
const MAX_PASSWORD_LENGTH = 72;
const BCRYPT_COST = 10;

/** Throws GoTrue's `weak_password` (422, with reasons) or `validation_failed` for an unusable password. */
export function checkPasswordStrength(password: string, minimumLength: number): void {
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  if (password.length < minimumLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${minimumLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
}

export const hashPassword = (password: string): Promise<string> => bcrypt.hash(password, BCRYPT_COST);

/** Accepts `$2a$`/`$2b$` hashes, including pgcrypto's `crypt(pw, gen_salt('bf'))` used by seed.sql. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
