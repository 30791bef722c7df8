import { MailpitClient } from 'mailpit-api';
import { expect, test } from '../support/fixtures.ts';
import { LoginPage } from '../pages/login-page.ts';
import { createConfirmedAccount, uniqueEmail } from '../support/accounts.ts';
import { requireStackEnv } from '../support/stack-env.ts';

const mailbox = new MailpitClient(requireStackEnv().MAILPIT_URL);

/** The reset link of the newest 'Reset your password' mail to `address`, read from the local outbox. */
async function resetLinkFor(address: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const found = await mailbox.searchMessages({
          query: `to:"${address}" subject:"Reset your password"`,
        });
        const newest = found.messages[0];
        if (!newest) return undefined;
        const full = await mailbox.getMessageSummary(newest.ID);
        link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(full.Text)?.[0];
        return link;
      },
      { message: `a reset mail to ${address}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link as string;
}

async function requestReset(page: import('@playwright/test').Page, email: string): Promise<void> {
  // The page is its own chunk: wait for it, or the login page's email field takes the text.
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await page.getByRole('textbox', { name: /email/i }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await expect(
    page.getByText(`If an account exists for ${email}, we have sent it a link to choose a new password.`, {
      exact: false,
    }),
  ).toBeVisible();
}

test('a user who forgot the password resets it through the emailed link, which works only once', async ({
  page,
}) => {
  // Two sign-ins, two mails and a dozen page loads: more than the default 90 s on a busy machine.
  test.slow();
  const account = await createConfirmedAccount('e2e-reset', 'Riley');
  const login = new LoginPage(page);
  await login.open();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);

  // An unknown address gets exactly the same answer, and no mail.
  const ghost = uniqueEmail('e2e-ghost');
  await requestReset(page, ghost);
  await page.goto('/forgot-password');
  await requestReset(page, account.email);

  const link = await resetLinkFor(account.email);
  expect((await mailbox.searchMessages({ query: `to:"${ghost}"` })).messages_count).toBe(0);

  await page.goto(link);
  await expect(page).toHaveURL(/\/reset-password/);
  await page.getByLabel(/^Password/).fill('brand-new-pass-8');
  await page.getByLabel(/^Repeat password/).fill('brand-new-pass-8');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // The old password no longer works; the new one does.
  await login.signIn(account.email, account.password);
  await expect(page.getByText('Invalid Credentials')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await login.signInAs(account.email, 'brand-new-pass-8', /\/$/);
  await expect(page.getByText('Hi, Riley')).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  // The same link a second time: refused, no form, an offer to send a new one.
  await page.goto(link);
  await expect(page.getByText('Email link is invalid or has expired')).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toHaveCount(0);
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});
