import { test as base, expect } from '@playwright/test';

/**
 * Every end-to-end test fails on a console error or an uncaught page error. Chromium's own
 * 'Failed to load resource' lines for expected 4xx answers (a wrong password, a refused file) are
 * not the app's errors, so they are left out.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
          errors.push(message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
      await use(errors);
      expect(errors, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
