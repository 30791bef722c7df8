/**
 * Names the differing regions a decision found: by the field of the registered line and the words
 * that changed, by a line's context on the page, or by the shape of the ink that differs.
 */
import type { CertificateField } from '../api-contract.ts';
import type { GrayRaster } from '../documents/raster.ts';
import type { Box, RegionReading } from '../ocr/protocol.ts';
import { READ_CONFIDENT, READ_DOUBT, type RegionEvidence, type RegionNaming } from './decide.ts';
import {
  changedWords,
  fieldLabel,
  fieldOfChange,
  fieldOfLine,
  introducesRecipient,
  isScribble,
  readingKey,
  type RegisteredLine,
  registeredField,
  textLineLabel,
  VALUE_FIELDS,
  withoutScribbles,
} from './fields.ts';
import {
  differingInkShape,
  addedInkShape,
  type GraphicField,
  graphicKind,
  graphicNamedBy,
  inkObjectShape,
  retonedObjectShape,
  tonedObjectShape,
} from './graphics.ts';
import type { InkMasks } from './ink.ts';
import { cut, cutForReading, type ReadingCrop } from './reading.ts';

export interface ComparedPages {
  originalPage: GrayRaster;
  copyPage: GrayRaster;
  originalInk: InkMasks;
  copyInk: InkMasks;
}

/** A region's own pixels with a few to spare: OCR of a graphic must not take in the text around it. */
function cutRegion(page: GrayRaster, box: Box): GrayRaster {
  const pad = 4;
  return cut(
    page,
    { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad },
    0,
  );
}

/**
 * A flagged region without the rows of registered lines it only grazes: a tile reaches into the line
 * above or below the text added between them, and the cut glyphs read as junk (a line added under
 * a grade, "with Distinction", read as nothing) and widen the differing ink's shape. Kept whole when
 * that would leave less than a quarter of it.
 */
function withoutGrazedLines(box: Box, lines: RegisteredLine[]): Box {
  let top = box.y;
  let bottom = box.y + box.height;
  for (const line of lines) {
    if (line.box.x >= box.x + box.width || box.x >= line.box.x + line.box.width) continue;
    const lineBottom = line.box.y + line.box.height;
    // Grazed: less than half the line's height inside; a line more inside may be what changed.
    const reach = line.box.height / 2;
    if (line.box.y < top && lineBottom > top && lineBottom - top < reach) top = lineBottom;
    else if (lineBottom > bottom && line.box.y < bottom && bottom - line.box.y < reach) bottom = line.box.y;
  }
  return bottom - top >= box.height / 4 ? { ...box, y: top, height: bottom - top } : box;
}

/** The registered line nearest a box above it (side -1) or below it (side 1), overlapping it across. */
function lineBeside(box: Box, lines: RegisteredLine[], side: -1 | 1): RegisteredLine | null {
  let best: RegisteredLine | null = null;
  let bestGap = Infinity;
  for (const line of lines) {
    if (line.box.x > box.x + box.width || box.x > line.box.x + line.box.width) continue;
    const gap = side < 0 ? box.y - (line.box.y + line.box.height) : line.box.y - (box.y + box.height);
    if (gap >= -line.box.height / 2 && gap < bestGap) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

/** The registered line on the same row as a box, left of it and nearest: the label of a value beside it. */
function lineAcross(box: Box, lines: RegisteredLine[]): RegisteredLine | null {
  let best: RegisteredLine | null = null;
  let bestGap = Infinity;
  for (const line of lines) {
    const shared = Math.min(box.y + box.height, line.box.y + line.box.height) - Math.max(box.y, line.box.y);
    const gap = box.x - (line.box.x + line.box.width);
    if (shared < 0.5 * Math.min(box.height, line.box.height) || gap < -line.box.height) continue;
    if (gap < bestGap) {
      best = line;
      bestGap = gap;
    }
  }
  return best;
}

/** Added ink's height, in the page's median text heights, that a line of print has (a glyph's, or so). */
const ADDED_PRINT_HEIGHT = [0.3, 1.5] as const;
/** Added ink's least width, in text heights, that a line of print has (a few glyphs): no speck or dot. */
const ADDED_PRINT_WIDTH = 2;

const letters = (text: string) => withoutScribbles(text).match(/[\p{L}\p{N}]/gu)?.length ?? 0;

/**
 * Names the regions whose registered line has no field: a line by its context and the shape of its
 * value (fields.ts fieldOfLine); a line whose words read alike while a pen stroke read into it
 * changed, the signature; a region with no registered line by what the copy reads there (text the
 * original lacks is text added) or else by the shape of the ink that differs (graphics.ts).
 */
export async function nameRegions(
  read: (crops: GrayRaster[]) => Promise<RegionReading[]>,
  regions: RegionEvidence[],
  lines: RegisteredLine[],
  pages: ComparedPages,
): Promise<RegionEvidence[]> {
  const bare = regions.filter((region) => !region.line);
  const bareBoxes = bare.map((region) => withoutGrazedLines(region.box, lines));
  const heights = lines.map((line) => line.box.height).sort((a, b) => a - b);
  const textHeight = heights[Math.floor(heights.length / 2)] ?? 20;
  // A text-sized region is read with a line's padding (a tile can cut its glyphs); a graphic's
  // own pixels only, so the text around it is not read into it.
  const crop = (page: GrayRaster, box: Box, even?: boolean): Promise<ReadingCrop> =>
    box.height <= 2.5 * textHeight
      ? cutForReading(page, box, 1, even)
      : Promise.resolve({ crop: cutRegion(page, box), evened: false });
  // Both pages' crops in one call: a region or two of each then cost one OCR request, not two (each
  // round trip costs the engine CPU while it waits, docs/verification-pipeline.md "CPU budget").
  // The copy's crop decides whether a region's light is evened; the original's is cut alike.
  const copyCrops = await Promise.all(bareBoxes.map((box) => crop(pages.copyPage, box)));
  const originalCrops = await Promise.all(
    bareBoxes.map((box, index) => crop(pages.originalPage, box, copyCrops[index]!.evened)),
  );
  const readings = bare.length ? await read([...copyCrops, ...originalCrops].map(({ crop }) => crop)) : [];
  const copyReadings = readings.slice(0, bare.length);
  const originalReadings = readings.slice(bare.length);
  // The graphic the ink that differs in a box shows. A flagged box can hold part of a mark only (a
  // tile grid flags a seal's middle band, as wide and thin as a signature): when that ink looks like
  // a graphic, the whole mark it lies on says which, if that mark stands apart from the text around it.
  const differingKind = (box: Box): GraphicField | null => {
    const shape = differingInkShape(pages.originalInk, pages.copyInk, box);
    const kind = shape ? graphicKind(shape, textHeight) : null;
    if (!kind) return null;
    return wholeMarkKind(box) ?? kind;
  };
  // The whole mark a box lies on: its ink traced, else its tones (a filled seal's ink is its edges
  // and lettering only, so a tile across its band traces the band alone).
  const wholeMarkKind = (box: Box): GraphicField | null => {
    const reach = 10 * textHeight;
    const object = inkObjectShape(pages.originalInk, pages.copyInk, box, reach);
    const inked = object ? graphicKind(object, textHeight) : null;
    if (inked) return inked;
    const toned = tonedObjectShape(pages.originalPage, pages.copyPage, box, reach);
    const tonedKind = toned ? graphicKind(toned, textHeight) : null;
    if (tonedKind) return tonedKind;
    // A filled mark swapped for one of another colour differs over its whole body, apart from the
    // marks it meets (a badge's seal under its portrait's disc): a seal or a photo, never a pen's strokes.
    const retoned = retonedObjectShape(pages.originalPage, pages.copyPage, box, reach);
    const retonedKind = retoned ? graphicKind(retoned, textHeight) : null;
    return retonedKind === 'seal' || retonedKind === 'photo' ? retonedKind : null;
  };
  // The graphic a box lies on: the differing ink's own shape, else the whole mark it belongs to.
  const graphicAt = (box: Box): CertificateField | null => differingKind(box) ?? wholeMarkKind(box);
  // A registered line's field, else the one its words and the lines beside it in reading order show.
  const fieldOfRegistered = (line: RegisteredLine): CertificateField | null => {
    const at = lines.indexOf(line);
    return line.field ?? fieldOfLine(line.text, lines[at - 1]?.text ?? null, lines[at + 1]?.text ?? null);
  };
  // Ink the copy added, shaped as a line of print (a glyph's height or so, a few glyphs wide), in a
  // text-sized region right under a line, which no page reads surely: text added to that line's field,
  // as when it is read (a 38 % screenshot's "with First Class Honours" under the grade, 5 px tall,
  // was "Region 1 of the page").
  const textAddedUnder = (box: Box, above: RegisteredLine): CertificateField | null => {
    if (box.height > 2.5 * textHeight || box.y - (above.box.y + above.box.height) > above.box.height)
      return null;
    const added = addedInkShape(pages.originalInk, pages.copyInk, box);
    const printed =
      !!added &&
      added.height >= ADDED_PRINT_HEIGHT[0] * textHeight &&
      added.height <= ADDED_PRINT_HEIGHT[1] * textHeight &&
      added.width >= ADDED_PRINT_WIDTH * textHeight;
    return printed ? fieldOfRegistered(above) : null;
  };
  return regions.map((region): RegionEvidence => {
    const line = region.line;
    let naming: RegionNaming | null = null;
    if (line) {
      // The line's context as printed, not in OCR's reading order: OCR reads a column of labels
      // before the column of their values ("Name Course Result Issued Valid until", then "José
      // Silva"), so the line read before a value can be another row's label. The label on its row
      // first, else the lines above and below it.
      const at = lines.indexOf(line);
      const across = lineAcross(
        line.box,
        lines.filter((other) => other !== line),
      );
      const previous = (lineBeside(line.box, lines, -1) ?? lines[at - 1])?.text ?? null;
      const next = (lineBeside(line.box, lines, 1) ?? lines[at + 1])?.text ?? null;
      const nameLine = (text: string) =>
        (across ? fieldOfLine(`${across.text} ${text}`, null, null) : null) ??
        fieldOfLine(text, previous, next);
      const reads = region.reads?.text ?? '';
      // Below READ_DOUBT a reading is noise (decide.ts), and the words it changes with it.
      const changedField = (lineField: CertificateField | null) =>
        reads && region.reads!.confidence >= READ_DOUBT
          ? fieldOfChange(
              lineField,
              region.originalReads?.text ?? line.text,
              reads,
              across?.text ?? previous,
              next,
            )
          : lineField;
      const registeredAs = registeredField(line);
      let field: CertificateField | null;
      // The line's field shown whole by its unchanged words, while other words changed.
      let intact = false;
      // The field the intact words show, when it is a value (a date, a number, a grade): its words end
      // where its shape does, so ink beside them is something else, even in the flow of the text.
      let intactValue = false;
      if (registeredAs) {
        // The registered field, unless the line's words deny it or the line holds several fields and
        // the words that changed are another (or none of them).
        field = changedField(registeredAs);
        if (field === line.field) return region;
        intact = field === null;
        intactValue = intact && VALUE_FIELDS.has(registeredAs);
      } else {
        // A pen stroke read into the line: the signature (or seal) beside its words may be what
        // changed, told by the words reading alike or by the shape of the ink that differs.
        const scribbled = [line.text, reads].some((text) => text.split(/\s+/).some(isScribble));
        const sameWords =
          !reads || readingKey(withoutScribbles(reads)) === readingKey(withoutScribbles(line.text));
        // Words registered below READ_DOUBT and read no better in the copy are noise (OCR reading a
        // scribble or a seal's band as letters, "AVERSA ON" at 0.10): the ink says what is there.
        // A reading of no letters or digits is no words, however sure OCR is of it (a swapped
        // signature beside a date read "" at 0.95 on a screenshot).
        const noisyWords =
          line.confidence < READ_DOUBT &&
          (!region.reads || region.reads.confidence < READ_DOUBT || !letters(reads));
        // A line in the flow of the text (decide.ts inTextFlow) is words, however OCR reads them: a
        // script name's changed letter has a signature's ink shape (seed 7, Lindqvist -> Lindqyist).
        const inFlow = region.inTextFlow === true;
        // A strip taller than wide is a page's border or rule, whatever OCR made of it (a photo's
        // frame read as the whole page's text), not a line of words.
        const textShaped = line.box.width >= line.box.height;
        // Ink in the text's flow that neither page reads a letter of, right under a sentence that
        // introduces the recipient, is the recipient's name in a script OCR cannot read (a diploma's
        // name, replaced whole, was "Region 1 of the page").
        const unreadName =
          inFlow &&
          !letters(line.text) &&
          !letters(reads) &&
          !letters(region.originalReads?.text ?? '') &&
          previous !== null &&
          introducesRecipient(previous);
        const lineField = textShaped
          ? (nameLine(line.text) ??
            // A line registration read no words of (a name in script) is named by the copy's
            // reading whatever its confidence: the words' shape and context name it, not their letters.
            (region.reads && (region.reads.confidence >= READ_CONFIDENT || !letters(line.text) || inFlow)
              ? nameLine(reads)
              : null) ??
            (unreadName ? 'recipient_name' : null))
          : null;
        // A value's words end where its shape does (a date, a number, a grade), so a pen stroke read
        // beside them is not part of them, even in the text's flow (an award's signature OCR joined to
        // the date: "24.09.2016 ~NAMNN").
        const valueLine = lineField !== null && VALUE_FIELDS.has(lineField);
        // Both pages read the line's words alike, surely: what changed is ink beside or among them
        // (a swapped signature OCR joined to a date's line: registered "Date of issue Q ANN", read
        // "Date of issue 27 Anril 2024" on both pages).
        const readAlike =
          !!region.reads &&
          !!region.originalReads &&
          Math.min(region.reads.confidence, region.originalReads.confidence) >= READ_CONFIDENT &&
          readingKey(withoutScribbles(reads)) === readingKey(withoutScribbles(region.originalReads.text));
        // A value both pages read alike, surely, beside ink that has a graphic's shape: that ink
        // changed, not the value (seed 11: "16.11.2021 ANYWAY" registered, "16.11.2021" read on both).
        const markKind =
          (scribbled || noisyWords || (readAlike && valueLine)) && (!inFlow || valueLine)
            ? differingKind(region.flaggedBox ?? region.box)
            : null;
        field =
          markKind ??
          (scribbled && sameWords ? 'signature' : null) ??
          (textShaped ? changedField(lineField) : null);
        intact = field === null && (lineField !== null || readAlike);
        intactValue = intact && valueLine;
      }
      // No words (a seal's ring boxed as a line), words registered as noise, or words whose field is
      // intact while something beside them changed (a swapped signature read as letters beside a
      // date): what differs there, by the shape of its ink. Words that name nothing stay a text line.
      if (
        !field &&
        (!region.inTextFlow || intactValue) &&
        (intact || !letters(line.text) || line.confidence < READ_DOUBT)
      )
        field = graphicAt(region.flaggedBox ?? region.box);
      naming = field
        ? { field, label: fieldLabel(field) }
        : line.field
          ? { field: null, label: textLineLabel(region.lineNumber) }
          : null;
    } else {
      const index = bare.indexOf(region);
      const box = bareBoxes[index]!;
      const copy = copyReadings[index];
      const original = originalReadings[index];
      const above = lineBeside(box, lines, -1);
      const below = lineBeside(box, lines, 1);
      const label = lineAcross(box, lines);
      // A value printed beside its label ("with the grade  B+") is named with that label first.
      const nameText = (text: string) =>
        (label ? fieldOfLine(`${label.text} ${text}`, null, null) : null) ??
        fieldOfLine(text, above?.text ?? null, below?.text ?? null);
      const confident = (reading: typeof copy, least: number) =>
        !!reading && reading.confidence >= READ_CONFIDENT && letters(reading.text) >= least;
      const graphic = differingKind(box);
      // The original reads words there too: then text added is the words the copy reads beyond all
      // of them (the crop's padding takes in the line above: "Grade achieved: C+" on the original,
      // "... C+ with First Class Honours" on the copy).
      const originalRead = !!original && original.confidence >= READ_DOUBT && letters(original.text) >= 3;
      const change = originalRead && confident(copy, 3) ? changedWords(original!.text, copy!.text) : null;
      const added =
        change && change.original.length === 0 && letters(change.copy.join(' ')) >= 3
          ? change.copy.join(' ')
          : null;
      if (confident(copy, 3) && (!originalRead || added)) {
        const text = withoutScribbles(added ?? copy!.text).trim();
        const field = nameText(text);
        naming = {
          field,
          label: field ? `${fieldLabel(field)}: text added ("${text}")` : `Text added: "${text}"`,
        };
      } else if (graphic) {
        naming = { field: graphic, label: fieldLabel(graphic) };
      } else if (
        confident(copy, 1) &&
        confident(original, 1) &&
        readingKey(copy!.text) !== readingKey(original!.text)
      ) {
        const field = nameText(withoutScribbles(copy!.text).trim());
        naming = field ? { field, label: fieldLabel(field) } : null;
      } else if (
        label &&
        box.height <= 2.5 * textHeight &&
        box.x - (label.box.x + label.box.width) <= textHeight
      ) {
        // Text-sized and touching a line on its row (a changed sign at the line's end, read alike or
        // not at all): part of that line, named as the line is.
        const field = fieldOfRegistered(label);
        naming = field ? { field, label: fieldLabel(field) } : null;
      } else {
        // The whole mark the region lies on (a blurred copy flags one tile of a swapped seal), else
        // a label printed beside it, else text added under the line above.
        const field =
          wholeMarkKind(box) ?? graphicNamedBy([above?.text, below?.text].filter(Boolean).join(' '));
        const addedUnder = !field && above ? textAddedUnder(box, above) : null;
        naming = field
          ? { field, label: fieldLabel(field) }
          : addedUnder
            ? { field: addedUnder, label: `${fieldLabel(addedUnder)}: text added under it` }
            : null;
      }
    }
    return naming ? { ...region, naming } : region;
  });
}
