/**
 * Issue 9: a certificate's standing reads the same on its public page and in a verification of its
 * file: revoked on a date with the reason, valid again once unrevoked, suspended on a date, valid once
 * resumed, and expired on its expiry date. The admin's actions go through the API here (the admin
 * screens' revoke is driven in issuance.spec.ts); what a visitor sees is the browser's.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { VerificationPage } from '../pages/verification-page.ts';
import { DEMO_ADMIN } from '../support/accounts.ts';
import { accessTokenFor, changeCertificateStanding, issueCertificate } from '../support/api.ts';
import { freshCertificatePng } from '../support/certificates.ts';
import { SERVER_WORK } from '../support/waits.ts';

const VALID = 'This certificate is valid.';
const VERIFIED = 'Certificate Verified ✓';
const NOT_VALID = 'Certificate Not Found ✗';

/** A day in the web app's words (formatDay): "Nov 26, 2026". */
function spelled(date: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone,
  }).format(date);
}

/** YYYY-MM-DD, `days` from today (UTC, the database's calendar). */
function utcDay(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

interface Issued {
  token: string;
  id: string;
  title: string;
  recipient: string;
  file: string;
  publicPath: string;
}

/** A certificate issued by the admin with its fields; its public page is on. */
async function issue(label: string, dates: { issueDate: string; expiryDate?: string }): Promise<Issued> {
  const admin = await accessTokenFor(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const drawn = freshCertificatePng(label);
  const title = `Certificate of Completion ${drawn.number}`;
  const { certificate } = await issueCertificate(admin, drawn.path, 'image/png', {
    certificateName: title,
    recipientName: drawn.recipient,
    certificateNumber: drawn.number,
    ...dates,
  });
  return {
    token: admin.token,
    id: certificate.id,
    title,
    recipient: drawn.recipient,
    file: drawn.path,
    publicPath: `/c/${certificate.public_id}`,
  };
}

/** The public page and a verification of the file both say `sentence`, under the result `heading`. */
async function expectStanding(page: Page, issued: Issued, sentence: string, heading: string) {
  await page.goto(issued.publicPath);
  await expect(page.getByRole('heading', { name: issued.title })).toBeVisible();
  await expect(page.getByText(sentence, { exact: true })).toBeVisible();

  const verification = new VerificationPage(page);
  await verification.open();
  const result = await verification.verify(issued.file);
  await expect(result.getByRole('heading', { level: 2 })).toHaveText(heading);
  await expect(result.getByText(sentence, { exact: true })).toBeVisible();
  await expect(result.getByText(issued.recipient, { exact: true })).toBeVisible();
}

test('revoked with a reason, then unrevoked: the public page and a verification of the file say so alike', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const issued = await issue('Revoked', { issueDate: '2026-11-21' });
  await expectStanding(page, issued, VALID, VERIFIED);

  await changeCertificateStanding(issued.token, issued.id, 'revoke', 'Issued in error');
  await expectStanding(
    page,
    issued,
    `This certificate was revoked on ${spelled(new Date())}. Reason: Issued in error`,
    NOT_VALID,
  );

  await changeCertificateStanding(issued.token, issued.id, 'unrevoke');
  await expectStanding(page, issued, VALID, VERIFIED);
});

test('suspended, then resumed: the public page and a verification of the file say so alike', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const issued = await issue('Suspended', { issueDate: '2026-11-21' });

  await changeCertificateStanding(issued.token, issued.id, 'suspend', 'Under investigation');
  await expectStanding(
    page,
    issued,
    `This certificate was suspended on ${spelled(new Date())}: it is not valid for now.`,
    NOT_VALID,
  );
  // The reason for a suspension stays with the admins.
  await expect(page.getByText(/Under investigation/)).toHaveCount(0);

  await changeCertificateStanding(issued.token, issued.id, 'resume');
  await expectStanding(page, issued, VALID, VERIFIED);
});

test('issued with an expiry date in the past: expired on that day, on the public page, in a verification and in its "check a copy"', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const expiryDate = utcDay(-5);
  const issued = await issue('Lapsed', { issueDate: utcDay(-30), expiryDate });
  const sentence = `This certificate expired on ${spelled(new Date(`${expiryDate}T00:00:00Z`), 'UTC')}.`;
  await expectStanding(page, issued, sentence, NOT_VALID);

  // The public page's own drop zone checks a copy against this record, in the same words.
  await page.goto(issued.publicPath);
  await page.locator('input[type="file"]').setInputFiles(issued.file);
  const result = page.getByRole('region', { name: 'Verification result' });
  await expect(result.getByText(sentence, { exact: true })).toBeVisible(SERVER_WORK);
});
