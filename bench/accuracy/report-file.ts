/** Writes a report (report.ts) where it is asked for, formatted as the house formats markdown. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport, type ReportInput } from './report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Writes the report to `docPath`, its tables aligned by the house formatter (they render unpadded). */
export function writeReport(docPath: string, input: ReportInput): void {
  writeFileSync(docPath, renderReport(input));
  execFileSync(
    path.join(ROOT, 'node_modules', '.bin', 'prettier'),
    ['--write', '--log-level', 'warn', docPath],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
}
