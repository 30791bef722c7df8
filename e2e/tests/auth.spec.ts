import { expect, test } from '../support/fixtures.ts';
import { LoginPage } from '../pages/login-page.ts';
import { RegisterPage } from '../pages/register-page.ts';
import { confirmationLinkFor } from '../support/mailbox.ts';
import { createConfirmedAccount, DEMO_USER, uniqueEmail } from '../support/accounts.ts';
import { signInAsUser } from '../support/sessions.ts';

test('a visitor registers, confirms through the emailed link, logs in and sees the profile', async ({
  page,
}) => {
  const email = uniqueEmail('e2e-register');
  const register = new RegisterPage(page);
  await register.open();
  await register.register({ firstname: 'Robin', lastname: 'Register', email, password: 'secret-pass-1' });

  // Spec: success toast, then /login.
  await expect(page).toHaveURL(/\/login$/);

  // Before confirming, sign-in is refused with the 'Account Unverified' dialog.
  const login = new LoginPage(page);
  await login.signIn(email, 'secret-pass-1');
  await expect(page.getByText('Account Unverified')).toBeVisible();
  await page.getByRole('button', { name: 'OK' }).click();

  const link = await confirmationLinkFor(email);
  await page.goto(link);
  // The link confirms the address and signs the user in (implicit flow) back in the app.
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  // Signed out where the user sees it before the next page load, which would cut the sign-out short.
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();

  // Now the password sign-in works too, and a user (not an admin) lands on /.
  await login.signInFromHeader(email, 'secret-pass-1', /\/$/);
  await expect(page.getByText('Hi, Robin')).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Robin').first()).toBeVisible();
  await page.getByRole('tab', { name: /My Certificates/ }).click();
  await expect(page.getByText('No Certificates Found')).toBeVisible();
});

test('a user edits the profile: the register form’s rules, then the new names are kept', async ({ page }) => {
  const account = await createConfirmedAccount('e2e-edit-profile', 'Robin', 'Register');
  await signInAsUser(page, account.email, account.password);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('First name').fill('R');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('First name must be at least 2 characters')).toBeVisible();
  await dialog.getByLabel('First name').fill('Robyn');
  await dialog.getByLabel('Username').fill('robyn.register');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('robyn.register')).toBeVisible();
  await page.reload();
  await expect(page.getByText('robyn.register')).toBeVisible();
  await expect(page.getByText('Robyn Register').first()).toBeVisible();
});

test('a wrong password shows the Invalid Credentials dialog and the field error', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO_USER.email, 'not-the-password');
  await expect(page.getByText('Invalid Credentials')).toBeVisible();
  await expect(page.getByText('Please check your email and password.')).toBeVisible();
  await page.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('a user signs in, is sent home, sees the greeting and signs out', async ({ page }) => {
  const login = new LoginPage(page);
  await login.signInAs(DEMO_USER.email, DEMO_USER.password, /\/$/);
  await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
});
