import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { signInAsAdmin, signInAsUser } from '../support/sessions.ts';

const SCREENSHOT_DIR = join(import.meta.dirname, '..', 'screenshots');
const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
  // The narrowest phone the product supports: screenshots too, so a squeeze is visible.
  { name: 'small-phone', width: 360, height: 740 },
] as const;

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has finished loading. */
  ready: (page: Page) => Locator;
}

const PUBLIC_SCREENS: Screen[] = [
  { name: 'home', path: '/', ready: (page) => page.getByText('Trust Through Verification').first() },
  { name: 'about', path: '/about', ready: (page) => page.getByText(/mission/i).first() },
  {
    name: 'login',
    path: '/login',
    ready: (page) => page.getByRole('button', { name: 'Login', exact: true }),
  },
  { name: 'register', path: '/register', ready: (page) => page.getByLabel(/first name/i) },
  {
    name: 'verification',
    path: '/verification',
    ready: (page) => page.getByText('Total Certificates').first(),
  },
  { name: 'not-found', path: '/no-such-page', ready: (page) => page.getByText(/not found|404/i).first() },
];
const USER_SCREENS: Screen[] = [
  { name: 'profile', path: '/profile', ready: (page) => page.getByText('Profile Information').first() },
  { name: 'user-upload', path: '/upload', ready: (page) => page.getByText(/upload/i).first() },
];
const ADMIN_SCREENS: Screen[] = [
  {
    name: 'admin-upload',
    path: '/admin/certificates',
    ready: (page) => page.getByText('Admin Certificate Upload').first(),
  },
  {
    name: 'admin-all-certificates',
    path: '/admin/certificates/all',
    ready: (page) => page.getByText('All Certificates (Admin)').first(),
  },
  {
    name: 'admin-revoked',
    path: '/admin/certificates/revoked',
    ready: (page) => page.getByText(/revoked/i).first(),
  },
  {
    name: 'admin-users',
    path: '/admin/certificates/users',
    ready: (page) => page.getByText(/user management/i).first(),
  },
];

mkdirSync(SCREENSHOT_DIR, { recursive: true });

async function captureAll(
  page: Page,
  screens: Screen[],
  widths: readonly (typeof WIDTHS)[number][],
): Promise<void> {
  for (const size of widths) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible();
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

// One test per width and kind of user, each with room for a loaded machine: all screens at all
// widths (an axe audit each) took over the 90 s test timeout inside axe when the machine was busy.
for (const size of WIDTHS) {
  test(`every public screen at ${size.width} px: screenshot, no critical axe violation, no sideways scroll`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await captureAll(page, PUBLIC_SCREENS, [size]);
  });

  test(`every signed-in user screen at ${size.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsUser(page);
    await captureAll(page, USER_SCREENS, [size]);
  });

  test(`every admin screen at ${size.width} px`, async ({ page }) => {
    test.setTimeout(180_000);
    await signInAsAdmin(page);
    await captureAll(page, ADMIN_SCREENS, [size]);
  });
}
