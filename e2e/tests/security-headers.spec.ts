import { expect, test } from '../support/fixtures.ts';

test('the app is served with a CSP that blocks injected inline scripts, and runs without violations', async ({
  page,
  consoleErrors,
}) => {
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation: (text: string) => void }).reportViolation(
        `${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });

  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  const csp = headers['content-security-policy'] ?? '';
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);

  // The app itself (with its two inline scripts) runs under the policy.
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
  await page.goto('/register');
  await expect(page.getByLabel(/First name/i)).toBeVisible();
  expect(violations).toEqual([]);

  // An inline script smuggled into the page does not run.
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 200));
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations[0]).toMatch(/^script-src/);
  // Chromium reports the refusal on the console; that one line is expected, nothing else.
  const refusals = consoleErrors.filter((text) => /Content Security Policy/.test(text));
  expect(refusals).toHaveLength(1);
  consoleErrors.splice(consoleErrors.indexOf(refusals[0] as string), 1);
});
