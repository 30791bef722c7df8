import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A placeholder stack: tests that need a server start their own and pass its URL explicitly.
const testConfig = { supabaseUrl: 'http://127.0.0.1:9', supabaseAnonKey: 'test-anon-key' };
process.env.VITE_SUPABASE_URL = testConfig.supabaseUrl;
process.env.VITE_SUPABASE_ANON_KEY = testConfig.supabaseAnonKey;

// The machine is shared and jsdom is slow; give async queries room.
configure({ asyncUtilTimeout: 4_000 });

if (typeof window !== 'undefined') {
  window.__APP_CONFIG__ = testConfig;

  // jsdom lacks the layout APIs Mantine relies on.
  window.matchMedia ??= (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver ??= ResizeObserverStub;
  window.HTMLElement.prototype.scrollIntoView ??= () => undefined;
  Object.defineProperty(window, 'scrollTo', { value: () => undefined, writable: true });

  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });
}
