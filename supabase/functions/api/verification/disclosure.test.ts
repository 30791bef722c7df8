import assert from 'node:assert/strict';
import type { VerificationDifference } from '../../_shared/api-contract.ts';
import { disclosed, mayShowRegistered } from './disclosure.ts';

/** The caller's read access as the rule sees it, and whether the rule asked for it. */
function access(readable: boolean) {
  const asked = { count: 0 };
  return {
    asked,
    callerReads: () => {
      asked.count++;
      return Promise.resolve(readable);
    },
  };
}

Deno.test(
  'an altered private certificate shows its registered text to those who may read it only',
  async () => {
    assert.equal(await mayShowRegistered('altered', false, access(false).callerReads), false);
    assert.equal(await mayShowRegistered('altered', false, access(true).callerReads), true);
  },
);

Deno.test(
  'a public page, or a faithful copy, shows the registered text to anyone without asking',
  async () => {
    for (const [verdict, pagePublic] of [
      ['altered', true],
      ['authentic', false],
      ['unknown', false],
    ] as const) {
      const { asked, callerReads } = access(false);
      assert.equal(await mayShowRegistered(verdict, pagePublic, callerReads), true);
      assert.equal(asked.count, 0);
    }
  },
);

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
