/**
 * Diagnosis of one comparison, in-process and without a stack (Deno):
 *   deno run -A --config supabase/functions/deno.json supabase/functions/_shared/verification/diagnose.ts ORIGINAL COPY [--tiles] [--whole]
 * with files written by `npm run bench:accuracy -- --write-corpus DIR`. Registers ORIGINAL as the
 * engine does, examines COPY against it and prints every region read or flagged: registered and
 * read text, confidences, tile scores and the judgement, then the decision.
 */
import { detectFileType } from '../processing/detect.ts';
import { inProcessOcr } from './in-process-ocr.ts';
import { registerOriginal } from './register.ts';
import { copyRasters } from './page.ts';
import { pageFeatures } from './features.ts';
import { surroundedPages } from './page-hash.ts';
import { storedRegistration } from './store.ts';
import { examineCopy, pagesAlone } from './verify.ts';

const ocr = inProcessOcr;

const [originalPath, copyPath] = Deno.args.filter((arg) => !arg.startsWith('--'));
if (!originalPath || !copyPath) throw new Error('usage: diagnose.ts ORIGINAL COPY [--tiles] [--whole]');
const showTiles = Deno.args.includes('--tiles');
// As when the page cut out of the picture hashes far from the registered one: the whole picture is examined.
const wholePicture = Deno.args.includes('--whole');

async function load(path: string) {
  const bytes = await Deno.readFile(path);
  const detected = detectFileType(bytes);
  if (!detected) throw new Error(`${path}: unsupported file`);
  return { bytes, detected };
}

const original = await load(originalPath);
const registration = await registerOriginal(original.bytes, original.detected, ocr);
const stored = storedRegistration('diagnosis', registration);
const copyFile = await load(copyPath);
const { working: copy, decoded } = await copyRasters(copyFile.bytes, copyFile.detected, ocr);
const alone = wholePicture ? [] : pagesAlone(decoded, copy, await surroundedPages(copy));
const picture = { raster: copy, features: await pageFeatures(copy, 1500), pagesAlone: alone };
const examination = await examineCopy(ocr, picture, stored);
if (!examination) {
  console.log('no alignment');
  Deno.exit(0);
}
const { alignment, regions, tiles, decision } = examination;
console.log(
  `page ${stored.page.width}x${stored.page.height}, copy ${copy.width}x${copy.height}` +
    ` (decoded ${decoded.width}x${decoded.height}; pages alone ${alone.map((page) => `${page.raster.width}x${page.raster.height}`).join(', ') || 'none'}); ` +
    `inliers ${alignment.inliers}/${alignment.matches}; H ${alignment.homography.map((v) => v.toFixed(4)).join(' ')}`,
);
const box = (b: { x: number; y: number; width: number; height: number }) =>
  `${b.x},${b.y} ${b.width}x${b.height}`;
for (const region of regions) {
  console.log(
    `${region.readAnyway ? 'read ' : 'FLAG '} marks ${region.unmatchedMarks ?? '-'} score ${region.score.toFixed(3)} [${box(region.box)}] ` +
      `copy height ${region.copyLineHeight?.toFixed(1) ?? '-'} ` +
      `field ${region.line?.field ?? '-'} registered ${JSON.stringify(region.line?.text ?? null)} ` +
      `(${region.line?.confidence.toFixed(2) ?? '-'}) reads ${JSON.stringify(region.reads?.text ?? null)} (${region.reads?.confidence.toFixed(2) ?? '-'})` +
      (region.originalReads
        ? ` original reads ${JSON.stringify(region.originalReads.text)} (${region.originalReads.confidence.toFixed(2)})`
        : '') +
      (region.cells
        ? ` cells ${region.cells.copy
            .map((cell, index) => {
              const original = region.cells!.original[index];
              return `${JSON.stringify(cell.text)} (${cell.confidence.toFixed(2)}) / ${JSON.stringify(original?.text ?? null)} (${original?.confidence.toFixed(2) ?? '-'})`;
            })
            .join(' ')}` +
          (region.cells.again ?? [])
            .map(
              (cell) =>
                ` again cell ${cell.index} ${JSON.stringify(cell.copy.text)} (${cell.copy.confidence.toFixed(2)}) / ${JSON.stringify(cell.original.text)} (${cell.original.confidence.toFixed(2)})`,
            )
            .join('') +
          (region.cells.shapes ?? [])
            .map((shape) => ` strokes cell ${shape.index} ${shape.changed ? 'changed' : 'alike'}`)
            .join('')
        : ''),
  );
}
if (showTiles) {
  for (const tile of tiles
    .filter((t) => t.score >= 0.02)
    .sort((a, b) => b.score - a.score)
    .slice(0, 30))
    console.log(
      `tile [${box(tile.box)}] score ${tile.score.toFixed(3)} ink ${tile.ink} copy ink ${tile.copyInk ?? '-'} likeness ${(tile.likeness ?? 1).toFixed(3)} lone piece ${tile.lonePiece ?? '-'} depth ${tile.inkDepth ?? '-'}`,
    );
}
console.log(`verdict ${decision.verdict}: ${decision.reasons.join(' | ')}`);
for (const difference of decision.differences)
  console.log(
    `  difference ${difference.label}: ${JSON.stringify(difference.registered)} -> ${JSON.stringify(difference.reads)}`,
  );
Deno.exit(0);
