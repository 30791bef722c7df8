import { expect, test } from '../support/fixtures.ts';
import { LoginPage } from '../pages/login-page.ts';
import { uniqueEmail } from '../support/accounts.ts';
import { freshCertificatePng } from '../support/certificates.ts';
import { verifyLinkFor } from '../support/mailbox.ts';
import { signInAsAdmin } from '../support/sessions.ts';
import { SERVER_WORK } from '../support/waits.ts';

test('an admin issues a certificate to a new address; the invited recipient sets a password and names and finds it in their profile', async ({
  page,
  browser,
}) => {
  // One OCR pass to read the fields and one to register the issued page, on a shared machine.
  test.setTimeout(300_000);
  const certificate = freshCertificatePng('Invited');
  const title = `Certificate of Completion ${certificate.number}`;
  const email = uniqueEmail('e2e-invitee');

  await signInAsAdmin(page);
  await page.locator('input[type="file"]').setInputFiles(certificate.path);
  // The fields are read from the file first (OCR); the button waits for that. Their values are not
  // the point here (issuance.spec.ts checks them), so the title is typed over whatever was read.
  await expect(page.getByRole('textbox', { name: 'Title' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Upload Certificate' })).toBeEnabled({ timeout: 180_000 });
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await page.getByRole('textbox', { name: 'Recipient name' }).fill('Ines Invitee');
  await page.getByRole('textbox', { name: 'Recipient e-mail' }).fill(email);
  await page.getByRole('button', { name: 'Upload Certificate' }).click();
  const result = page.getByRole('region', { name: 'Upload result' });
  await expect(result).toBeVisible(SERVER_WORK);
  await expect(result.getByText(`Invitation sent to ${email}`)).toBeVisible();

  // The invitation arrives; its link signs the recipient in on the accept-invitation page, with the
  // name the admin typed already filled in.
  const link = await verifyLinkFor(email, 'You have been invited');
  const recipientContext = await browser.newContext();
  const recipient = await recipientContext.newPage();
  await recipient.goto(link);
  await expect(recipient).toHaveURL(/\/accept-invitation/);
  await expect(recipient.getByRole('heading', { name: 'Accept your invitation' })).toBeVisible();
  await expect(recipient.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(recipient.getByRole('textbox', { name: 'First name' })).toHaveValue('Ines');
  await expect(recipient.getByRole('textbox', { name: 'Last name' })).toHaveValue('Invitee');
  await recipient.getByRole('textbox', { name: 'Last name' }).fill('Invited-Person');
  await recipient.getByRole('textbox', { name: 'Username' }).fill('ines.invited');
  await recipient.getByLabel(/^Password/).fill('short');
  await recipient.getByLabel(/^Repeat password/).fill('short');
  await recipient.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(recipient.getByText('Password must be at least 6 characters')).toBeVisible();
  await recipient.getByLabel(/^Password/).fill('invited-pass-1');
  await recipient.getByLabel(/^Repeat password/).fill('invited-pass-1');
  await recipient.getByRole('button', { name: 'Accept invitation' }).click();

  // Their profile, with the names they chose and the certificate (after a password hash and a profile
  // update on a shared machine).
  await expect(recipient).toHaveURL(/\/profile$/, SERVER_WORK);
  await expect(recipient.getByText('Invited-Person').first()).toBeVisible();
  await expect(recipient.getByText('ines.invited').first()).toBeVisible();
  await recipient.getByRole('tab', { name: /My Certificates/ }).click();
  await expect(recipient.getByRole('article', { name: title })).toBeVisible();

  // The chosen password signs them in from now on. Signed out first where the user sees it (the
  // header's Sign In): a page load before that would cut the sign-out short.
  await recipient.getByRole('button', { name: 'Logout' }).first().click();
  await expect(recipient.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await expect(recipient).toHaveURL(/\/$/);
  await new LoginPage(recipient).signInFromHeader(email, 'invited-pass-1', /\/$/);
  await recipientContext.close();
});
