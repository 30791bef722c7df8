import { expect, test } from '../support/fixtures.ts';
import { signInAsUser } from '../support/sessions.ts';

/** Each admin route and the access panel the spec gives a signed-in non-admin there. */
const ADMIN_ROUTES = [
  { route: '/admin', panel: 'Only administrators can upload certificates through this interface' },
  {
    route: '/admin/certificates',
    panel: 'Only administrators can upload certificates through this interface',
  },
  {
    route: '/admin/certificates/all',
    panel: 'You need administrator privileges to manage all certificates.',
  },
  { route: '/admin/certificates/revoked', panel: 'You need administrator privileges to access this page.' },
  {
    route: '/admin/certificates/users',
    panel: 'You need administrator privileges to access user management.',
  },
];

test.describe('a signed-in non-admin on every admin route', () => {
  for (const { route, panel } of ADMIN_ROUTES) {
    test(`${route} shows the access panel and no admin data`, async ({ page }) => {
      await signInAsUser(page);
      await page.goto(route);
      await expect(page.getByText(panel)).toBeVisible();
      await expect(page.getByText('Dashboard')).toHaveCount(0);
      await expect(page.getByRole('article')).toHaveCount(0);
      await expect(page.getByRole('table')).toHaveCount(0);
      await page.getByRole('button', { name: /Go to Home|Go Back/ }).click();
      await expect(page).not.toHaveURL(/\/admin/);
    });
  }
});

test('a visitor on an admin route is sent away from it', async ({ page }) => {
  await page.goto('/admin/certificates/users');
  await expect(page).not.toHaveURL(/\/admin/);
});

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: /not found|404/i })).toBeVisible();
});
