import { localStorageColorSchemeManager } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import html from '../../index.html?raw';
import { COLOR_SCHEME_STORAGE_KEY, DEFAULT_COLOR_SCHEME } from './theme';

const inlineScripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
const originalMatchMedia = window.matchMedia;

/** Runs index.html's inline script as the browser would, with the system preferring `system`. */
function runScript(system: 'light' | 'dark'): string | null {
  window.matchMedia = (query: string) =>
    ({
      matches: query === '(prefers-color-scheme: dark)' && system === 'dark',
      media: query,
    }) as MediaQueryList;
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  for (const script of inlineScripts) new Function(script)();
  return document.documentElement.getAttribute('data-mantine-color-scheme');
}

/** What the running app shows: the provider's stored-or-default scheme, 'auto' resolved by the system. */
function providerScheme(system: 'light' | 'dark'): string {
  const scheme = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY }).get(DEFAULT_COLOR_SCHEME);
  return scheme === 'auto' ? system : scheme;
}

afterEach(() => {
  window.matchMedia = originalMatchMedia;
  document.documentElement.removeAttribute('data-mantine-color-scheme');
});

describe('index.html color-scheme script', () => {
  it('keeps the marker the local web server replaces with the app config', () => {
    expect(html).toContain('<!-- app-config -->');
    expect(inlineScripts).toHaveLength(1);
  });

  it.each([
    [null, 'light'],
    [null, 'dark'],
    ['auto', 'dark'],
    ['dark', 'light'],
    ['light', 'dark'],
    ['purple', 'dark'],
  ] as const)('with %s stored and a %s system, sets the scheme the provider will use', (stored, system) => {
    if (stored) window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, stored);
    expect(runScript(system)).toBe(providerScheme(system));
  });

  it('applies a stored dark choice on a light system', () => {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    expect(runScript('light')).toBe('dark');
  });
});
