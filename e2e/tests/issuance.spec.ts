import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { VerificationPage } from '../pages/verification-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { freshCertificatePng } from '../support/certificates.ts';
import { confirmationLinkFor } from '../support/mailbox.ts';
import { signInAsAdmin } from '../support/sessions.ts';
import { SERVER_WORK } from '../support/waits.ts';

test('an admin issues a certificate to a new address; the recipient signs up and shares it; revocation shows on its public page and in a verification of the file', async ({
  page,
  browser,
}) => {
  // Two OCR passes (reading the fields, then issuing) on a shared machine take a while.
  test.setTimeout(300_000);
  const certificate = freshCertificatePng('Issued');
  const title = `Certificate of Completion ${certificate.number}`;
  const email = uniqueEmail('e2e-recipient');

  // The admin chooses the file; the form is pre-filled from it; one field is corrected.
  await signInAsAdmin(page);
  await page.locator('input[type="file"]').setInputFiles(certificate.path);
  const titleField = page.getByRole('textbox', { name: 'Title' });
  await expect(titleField).toHaveValue(/Certificate of Completion/, SERVER_WORK);
  await expect(page.getByRole('textbox', { name: 'Issue date' })).toHaveValue('2026-11-21');
  await titleField.fill(title);
  await page.getByRole('textbox', { name: 'Recipient name' }).fill(certificate.recipient);
  await page.getByRole('textbox', { name: 'Recipient e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Upload Certificate' }).click();
  await expect(page.getByRole('region', { name: 'Upload result' })).toBeVisible(SERVER_WORK);

  // The recipient registers with that address, confirms it, and finds the certificate in the profile.
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  await new RegisterPage(recipient).open();
  await new RegisterPage(recipient).register({
    firstname: 'Rita',
    lastname: 'Recipient',
    email,
    password: 'secret-pass-1',
  });
  await expect(recipient).toHaveURL(/\/login$/);
  await recipient.goto(await confirmationLinkFor(email));
  await expect(recipient.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await recipient.goto('/profile');
  await recipient.getByRole('tab', { name: /My Certificates/ }).click();
  const card = recipient.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(certificate.recipient);

  // The holder downloads a verifiable copy: a PDF with the QR code and the certificate number.
  await card.getByRole('button', { name: `Download verifiable copy of ${title}` }).click();
  const downloading = recipient.waitForEvent('download');
  await recipient.getByRole('menuitem', { name: 'Download PDF' }).click();
  const copy = await downloading;
  expect(copy.suggestedFilename()).toMatch(/-verifiable\.pdf$/);
  const copyPath = await copy.path();
  expect(readFileSync(copyPath).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Its share link opens the public page, which anyone can read: valid.
  await card.getByRole('link', { name: 'Share link' }).click();
  await expect(recipient).toHaveURL(/\/c\/[A-Za-z0-9_-]{22}$/);
  const publicUrl = recipient.url();
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(publicUrl);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await expect(visitor.getByText('This certificate is valid.')).toBeVisible();
  await expect(visitor.getByText(certificate.recipient)).toBeVisible();

  // The admin revokes it with a reason; the public page says so, with the date and the reason.
  await page.getByRole('link', { name: 'Uploaded Certificates' }).first().click();
  const adminCard = page.getByRole('article', { name: title });
  await adminCard.getByRole('button', { name: `Revoke ${title}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: /Reason/ }).fill('Issued in error');
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await expect(adminCard.getByText('REVOKED', { exact: true })).toBeVisible();

  await visitor.reload();
  const today = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(
    new Date(),
  );
  const revoked = `This certificate was revoked on ${today}. Reason: Issued in error`;
  await expect(visitor.getByText(revoked)).toBeVisible();

  // A verification of the same file says the same, in the same words.
  const verification = new VerificationPage(visitor);
  await verification.open();
  const result = await verification.verify(certificate.path);
  await expect(result.getByRole('heading', { level: 2 })).toHaveText('Certificate Not Found ✗');
  await expect(result.getByText(revoked)).toBeVisible();

  // A made-up id gets the same "not found" as a private page.
  await visitor.goto('/c/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(visitor.getByText('Certificate not found')).toBeVisible();
  await recipientContext.close();
  await visitorContext.close();
});
