import { HTTP_TIMEOUT_MS as CONTRACT_TIMEOUT, USER_ROLES } from '@contract';
import { describe, expect, it } from 'vitest';
import { KNOWN_ROLES } from './auth';
import { HTTP_TIMEOUT_MS } from './client';

describe('constants repeated outside the contract', () => {
  it('match the contract', () => {
    expect(HTTP_TIMEOUT_MS).toBe(CONTRACT_TIMEOUT);
    expect([...KNOWN_ROLES]).toEqual([...USER_ROLES]);
  });
});
