// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BEING_MEASURED, figureValue, MEASURED_FIGURES } from './measured-figures';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const squash = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/ ?\| ?/g, '|')
    .trim();

describe('measured figures', () => {
  it.each(Object.entries(MEASURED_FIGURES))(
    '%s is either measured, with its source line, or not claimed',
    (_id, figure) => {
      if (figure.value === null) {
        expect(figure.measuredOn).toBeNull();
        expect(figure.quote).toBeNull();
        expect(figureValue(figure)).toBe(BEING_MEASURED);
        return;
      }
      expect(figure.measuredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(figure.quote).not.toBeNull();
      const source = readFileSync(`${repoRoot}${figure.source}`, 'utf8');
      // The document still reports the number the page shows.
      expect(squash(source)).toContain(squash(figure.quote ?? ''));
      expect(source).toContain(figure.measuredOn ?? '');
      expect(figureValue(figure)).toBe(figure.value);
    },
  );
});
