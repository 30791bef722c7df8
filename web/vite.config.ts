import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const contract = fileURLToPath(new URL('../supabase/functions/_shared/api-contract.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@contract': contract,
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  server: { port: 5173, strictPort: false },
  build: { sourcemap: true, manifest: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // CI and the shared dev machine have two busy cores: one worker per two cores keeps jsdom
    // screens from starving each other, and the generous timeouts absorb the remaining jitter.
    maxWorkers: '50%',
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
