import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signInAsAdmin, signInAsUser } from '../support/sessions.ts';

const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** Text that shows once the screen has finished loading. */
  ready: string | RegExp;
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'home', path: '/', ready: 'Trust Through Verification' },
  { name: 'about', path: '/about', ready: /mission/i },
  { name: 'login', path: '/login', ready: /sign in|login/i },
  { name: 'register', path: '/register', ready: /first name/i },
  { name: 'verification', path: '/verification', ready: 'Total Certificates' },
  { name: 'not-found', path: '/no-such-page', ready: /not found|404/i },
];
const USER_SCREENS: Screen[] = [
  { name: 'profile', path: '/profile', ready: 'Profile Information' },
  { name: 'user-upload', path: '/upload', ready: /upload/i },
];
const ADMIN_SCREENS: Screen[] = [
  { name: 'admin-upload', path: '/admin/certificates', ready: 'Admin Certificate Upload' },
  { name: 'admin-all-certificates', path: '/admin/certificates/all', ready: 'All Certificates (Admin)' },
  { name: 'admin-revoked', path: '/admin/certificates/revoked', ready: /revoked/i },
  { name: 'admin-users', path: '/admin/certificates/users', ready: /user management/i },
];

mkdirSync(SCREENSHOT_DIR, { recursive: true });

async function captureAll(page: Page, screens: Screen[]): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByText(screen.ready).first()).toBeVisible();
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `${screen.name}-${size.width}.png`),
        fullPage: true,
      });
      const audit = await new AxeBuilder({ page }).analyze();
      const critical = audit.violations.filter((violation) => violation.impact === 'critical');
      expect(critical.map((violation) => `${screen.name}@${size.width}: ${violation.id}`)).toEqual([]);
      // Nothing may overflow the phone's width sideways.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${screen.name} at ${size.width}px scrolls sideways`).toBeLessThanOrEqual(1);
    }
  }
}

test('every public screen at 1440 px and 390 px: screenshot, no critical axe violation, no sideways scroll', async ({
  page,
}) => {
  await captureAll(page, PUBLIC_SCREENS);
});

test('every signed-in user screen at both widths', async ({ page }) => {
  await signInAsUser(page);
  await captureAll(page, USER_SCREENS);
});

test('every admin screen at both widths', async ({ page }) => {
  await signInAsAdmin(page);
  await captureAll(page, ADMIN_SCREENS);
});
