/**
 * End to end on the generated sample certificates. Generate them first:
 *   npm run certificates:samples -- --out <dir>
 * and run with SAMPLE_CERTIFICATES_DIR=<dir>. Without the variable the test uses the generator's
 * default folder, .local-supabase/sample-certificates/, generating it first if it has no manifest
 * (needs Node and the root dev dependencies).
 */
import assert from 'node:assert/strict';
import {
  compareFingerprints,
  normaliseText,
  processCertificateFile,
  type ProcessedCertificateFile,
} from './mod.ts';

interface ManifestEntry {
  path: string;
  kind: 'certificate' | 'variant' | 'edited' | 'pdf-text' | 'pdf-scanned' | 'benchmark';
  mimeType: string;
  fields: { recipient: string; date: string; number: string };
  expected: { sameAs?: string; editedOf?: string };
}

/** The samples folder: SAMPLE_CERTIFICATES_DIR, else the generator's default folder (generated if missing). */
async function samplesDir(): Promise<string> {
  const fromEnv = Deno.env.get('SAMPLE_CERTIFICATES_DIR');
  if (fromEnv) return fromEnv;
  const root = new URL('../../../../', import.meta.url).pathname;
  const dir = `${root}.local-supabase/sample-certificates`;
  const exists = await Deno.stat(`${dir}/manifest.json`).then(
    () => true,
    () => false,
  );
  if (!exists) {
    const { success } = await new Deno.Command('npm', {
      args: ['run', '-s', 'certificates:samples', '--', '--out', dir],
      cwd: root,
      stdout: 'null',
    }).output();
    assert.ok(success, 'generating the sample certificates failed');
  }
  return dir;
}

const dir = await samplesDir();
const manifest = JSON.parse(await Deno.readTextFile(`${dir}/manifest.json`)) as { files: ManifestEntry[] };
const processed = new Map<string, ProcessedCertificateFile>();

async function processSample(path: string): Promise<ProcessedCertificateFile> {
  let result = processed.get(path);
  if (!result) {
    result = await processCertificateFile(await Deno.readFile(`${dir}/${path}`));
    processed.set(path, result);
  }
  return result;
}

const entries = (kind: ManifestEntry['kind']) => manifest.files.filter((entry) => entry.kind === kind);

Deno.test('OCR reads the recipient, date and number of every image certificate', async () => {
  for (const entry of [...entries('certificate'), ...entries('variant'), ...entries('edited')]) {
    const result = await processSample(entry.path);
    assert.equal(result.detected.mimeType, entry.mimeType, entry.path);
    assert.equal(result.textSource, 'ocr', entry.path);
    const text = normaliseText(result.text);
    for (const field of [entry.fields.recipient, entry.fields.date, entry.fields.number]) {
      assert.ok(text.includes(normaliseText(field)), `${entry.path}: "${field}" not in "${result.text}"`);
    }
    assert.ok(result.contentHash, entry.path);
    assert.ok(result.fingerprint, entry.path);
  }
});

Deno.test('re-encoded, converted and resized copies are the same document', async () => {
  const variants = entries('variant');
  assert.ok(variants.length >= 4);
  for (const entry of variants) {
    const original = await processSample(entry.expected.sameAs!);
    const copy = await processSample(entry.path);
    assert.notEqual(copy.fileHash, original.fileHash, entry.path);
    assert.equal(copy.contentHash, original.contentHash, `${entry.path}: OCR text differs:\n${copy.text}`);
    const comparison = compareFingerprints(original.fingerprint!, copy.fingerprint!);
    assert.equal(comparison.sameDocument, true, `${entry.path}: distance ${comparison.distance}`);
  }
});

Deno.test('edited copies (name, date) are different documents', async () => {
  const edits = entries('edited');
  assert.ok(edits.length >= 2);
  for (const entry of edits) {
    const original = await processSample(entry.expected.editedOf!);
    const edited = await processSample(entry.path);
    assert.notEqual(edited.contentHash, original.contentHash, entry.path);
    const comparison = compareFingerprints(original.fingerprint!, edited.fingerprint!);
    assert.equal(comparison.sameDocument, false, `${entry.path}: distance ${comparison.distance}`);
  }
});

Deno.test('distinct certificates share neither content hash nor fingerprint', async () => {
  const distinct = entries('certificate');
  for (const [index, a] of distinct.entries()) {
    for (const b of distinct.slice(index + 1)) {
      const first = await processSample(a.path);
      const second = await processSample(b.path);
      assert.notEqual(first.contentHash, second.contentHash);
      assert.equal(compareFingerprints(first.fingerprint!, second.fingerprint!).sameDocument, false);
    }
  }
});

Deno.test('a PDF with a text layer is read from the layer, exactly', async () => {
  const [entry] = entries('pdf-text');
  assert.ok(entry);
  const result = await processSample(entry.path);
  assert.equal(result.detected.mimeType, 'application/pdf');
  assert.equal(result.textSource, 'pdf-text');
  assert.match(result.text, new RegExp(entry.fields.recipient));
  assert.match(result.text, new RegExp(entry.fields.number));
  assert.ok(result.contentHash);
});

Deno.test('a scanned PDF (no text layer) is OCRed from its page image', async () => {
  const [entry] = entries('pdf-scanned');
  assert.ok(entry);
  const result = await processSample(entry.path);
  assert.equal(result.textSource, 'pdf-ocr');
  const text = normaliseText(result.text);
  assert.ok(text.includes(normaliseText(entry.fields.recipient)), result.text);
  assert.ok(text.includes(normaliseText(entry.fields.date)), result.text);
  assert.ok(result.contentHash);
  assert.ok(result.fingerprint);
});
