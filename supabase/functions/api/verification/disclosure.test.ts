import assert from 'node:assert/strict';
import type { VerificationDifference } from '../../_shared/api-contract.ts';
import type { RateLimitSubject } from '../../_shared/rate-limit.ts';
import { disclosed, mayShowRegistered } from './disclosure.ts';

const HOLDER = '6f1c0d2e-0000-4000-8000-000000000001';
const anonymous: RateLimitSubject = { kind: 'ip', address: '203.0.113.7' };
const holder: RateLimitSubject = { kind: 'user', userId: HOLDER };
const stranger: RateLimitSubject = { kind: 'user', userId: '6f1c0d2e-0000-4000-8000-000000000002' };
const admin: RateLimitSubject = { kind: 'admin', userId: '6f1c0d2e-0000-4000-8000-000000000003' };
const privatePage = { page_public: false, holder_id: HOLDER };

Deno.test('an altered private certificate shows its registered text to its holder and admins only', () => {
  assert.equal(mayShowRegistered('altered', privatePage, anonymous), false);
  assert.equal(mayShowRegistered('altered', privatePage, stranger), false);
  assert.equal(mayShowRegistered('altered', privatePage, holder), true);
  assert.equal(mayShowRegistered('altered', privatePage, admin), true);
  // No holder yet (the recipient has no account): no signed-in user is it.
  assert.equal(mayShowRegistered('altered', { page_public: false, holder_id: null }, stranger), false);
});

Deno.test('a public page, or a faithful copy, shows the registered text to anyone', () => {
  assert.equal(mayShowRegistered('altered', { ...privatePage, page_public: true }, anonymous), true);
  assert.equal(mayShowRegistered('authentic', privatePage, anonymous), true);
});

Deno.test('withheld: no registered text nor original page; the copy, labels, boxes and readings stay', () => {
  const name: VerificationDifference = {
    field: 'recipient_name',
    label: 'Recipient name',
    box: { x: 0.2, y: 0.3, width: 0.5, height: 0.06 },
    registered: 'Jane Doe',
    reads: 'Jane Dae',
  };
  const evidence = { originalPage: 'data:image/png;base64,AAAA', alignedCopy: 'data:image/png;base64,BBBB' };
  assert.deepEqual(disclosed(false, [name], evidence), {
    differences: [{ ...name, registered: null }],
    evidence: { originalPage: null, alignedCopy: evidence.alignedCopy },
    registeredWithheld: true,
  });
  assert.deepEqual(disclosed(true, [name], evidence), {
    differences: [name],
    evidence,
    registeredWithheld: false,
  });
});
