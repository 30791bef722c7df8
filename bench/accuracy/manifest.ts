/**
 * The manifest the generator (Node) writes and the measurement (Deno) reads: one schema for both,
 * so a change on one side cannot silently break the other.
 */
import { z } from 'zod';

export const GENUINE_KINDS = [
  'jpeg-q90',
  'jpeg-q60',
  'png-to-jpeg',
  'resize-90',
  'resize-75',
  'webp-q80',
] as const;
export const FORGERY_KINDS = ['name-letter', 'date-digit', 'grade', 'number-digit'] as const;

export type GenuineKind = (typeof GENUINE_KINDS)[number];
export type ForgeryKind = (typeof FORGERY_KINDS)[number];

export const KIND_DESCRIPTIONS: Record<GenuineKind | ForgeryKind, string> = {
  'jpeg-q90': 'the JPEG copy (q95) re-saved as JPEG q90',
  'jpeg-q60': 'the JPEG copy (q95) re-saved as JPEG q60',
  'png-to-jpeg': 'the PNG original converted to JPEG (sharp defaults: q80, 4:2:0 chroma)',
  'resize-90': 'the PNG original resized to 90 % (PNG)',
  'resize-75': 'the PNG original resized to 75 % (PNG)',
  'webp-q80': 'the PNG original saved as WebP q80',
  'name-letter': 'recipient name with one letter replaced (a look-alike letter where one exists)',
  'date-digit': 'date of issue with one digit replaced (still a valid date, look-alike digit preferred)',
  grade: 'grade replaced by a neighbouring grade (A → A+, B+ → B, 87 % → 81 %, Merit → Pass, ...)',
  'number-digit': 'certificate number with one digit replaced (look-alike digit preferred)',
};

const fieldsSchema = z.object({
  title: z.string(),
  recipient: z.string(),
  course: z.string(),
  grade: z.string(),
  date: z.string(),
  number: z.string(),
  issuer: z.string(),
  signatory: z.string(),
  accent: z.string(),
});

export const manifestSchema = z.object({
  seed: z.number().int(),
  count: z.number().int().positive(),
  generatedMs: z.number().nonnegative(),
  originals: z.array(
    z.object({ id: z.string(), path: z.string(), width: z.number().int(), fields: fieldsSchema }),
  ),
  variants: z.array(
    z.discriminatedUnion('class', [
      z.object({
        class: z.literal('genuine'),
        kind: z.enum(GENUINE_KINDS),
        originalId: z.string(),
        path: z.string(),
      }),
      z.object({
        class: z.literal('forgery'),
        kind: z.enum(FORGERY_KINDS),
        originalId: z.string(),
        path: z.string(),
        field: fieldsSchema.keyof(),
        from: z.string(),
        to: z.string(),
      }),
    ]),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestVariant = Manifest['variants'][number];
