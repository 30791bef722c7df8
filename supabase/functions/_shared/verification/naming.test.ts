import assert from 'node:assert/strict';
import type { GrayRaster } from '../documents/raster.ts';
import type { RegionReading } from '../ocr/protocol.ts';
import { readRegion } from '../ocr/tesseract.ts';
import type { RegionEvidence } from './decide.ts';
import type { RegisteredLine } from './fields.ts';
import { inkMasks } from './ink.ts';
import { nameRegions } from './naming.ts';

// Pages drawn pixel by pixel, their ink found by the real adaptive threshold (OpenCV), and any
// region without a registered line read by the real OCR.
const WIDTH = 400;
const HEIGHT = 300;

function paper(): GrayRaster {
  return { width: WIDTH, height: HEIGHT, data: new Uint8Array(WIDTH * HEIGHT).fill(245) };
}

/** A signature: a wide run of `loops` loops with a flourish under it. */
function signature(page: GrayRaster, loops: number): GrayRaster {
  const pen = (x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++)
      for (let dx = -1; dx <= 1; dx++) page.data[Math.round(y + dy) * WIDTH + Math.round(x + dx)] = 40;
  };
  for (let x = 60; x < 340; x += 0.5) {
    pen(x, 150 + 18 * Math.sin(((x - 60) / 280) * loops * 2 * Math.PI));
    if (x > 100) pen(x, 172 + 3 * Math.sin(x / 20));
  }
  return page;
}

const line = (text: string, confidence: number, y: number, height: number): RegisteredLine => ({
  box: { x: 60, y, width: 280, height },
  text,
  confidence,
  field: null,
});

/** A flagged registered line with what the copy reads there. */
const flagged = (registered: RegisteredLine, score: number, reads: RegionReading): RegionEvidence => ({
  box: registered.box,
  flaggedBox: registered.box,
  score,
  line: registered,
  reads,
  readAnyway: false,
});

/** An original signed with a scribble of `originalLoops` and its copy signed with `copyLoops`. */
/** Both pages with their ink, as nameRegions takes them. */
async function pagesOf(originalPage: GrayRaster, copyPage: GrayRaster) {
  return {
    originalPage,
    copyPage,
    originalInk: await inkMasks(originalPage),
    copyInk: await inkMasks(copyPage),
  };
}

function signedPages(originalLoops: number, copyLoops: number) {
  return pagesOf(signature(paper(), originalLoops), signature(paper(), copyLoops));
}

/** A diploma's lines: the recipient's line under the sentence that introduces it, the title below. */
function diplomaLines(recipient: RegisteredLine): RegisteredLine[] {
  return [
    line('hereby confers upon', 0.94, 100, 14),
    recipient,
    line('Certificate of Achievement', 0.96, 200, 20),
  ];
}

/** OCR for the regions that have no line, of which these regions have none to read. */
const nothingRead = () => Promise.resolve([]);

Deno.test(
  'a swapped signature registered as noisy letters is named the signature, not a text line',
  async () => {
    // OCR made letters of the scribble at registration ("AVERSA ON" at 0.10) and reads nothing in the copy.
    const scribble = line('AVERSA ON', 0.1, 128, 50);
    const lines = [line('Certificate of Completion', 0.95, 20, 14), line('Jane Doe', 0.96, 50, 14), scribble];
    const [named] = await nameRegions(
      async (crops) => {
        const readings = [];
        for (const crop of crops) readings.push(await readRegion(crop));
        return readings;
      },
      [flagged(scribble, 1.9, { text: '', confidence: 0 })],
      lines,
      await signedPages(3, 5),
    );
    assert.equal(named?.naming?.field, 'signature');
  },
);

Deno.test(
  'a signature joined to a date, registered as noise and read as nothing however surely, is the signature',
  async () => {
    // Default seed f-signature-swapped-screenshot-0002: registered "11.01.2019 ANA" (0.45), the copy
    // read "" at 0.95 there, and the swapped signature was named the date of issue.
    const joined = line('11.01.2019 ANA', 0.45, 128, 50);
    const lines = [line('Certificate of Completion', 0.95, 20, 14), line('Jane Doe', 0.96, 50, 14), joined];
    const [named] = await nameRegions(
      nothingRead,
      [flagged(joined, 1.3, { text: '', confidence: 0.95 })],
      lines,
      await signedPages(3, 5),
    );
    assert.equal(named?.naming?.field, 'signature');
  },
);

Deno.test(
  'a line in the flow of the text is named by its context, never by its ink as a signature',
  async () => {
    // Seed 7 f-name-letter-digital-0002 (diploma): the script name Lindqvist -> Lindqyist, registered
    // "Gints Lid" (0.19) and read "Gomis Lndyyist" (0.44), was named the signature by its ink's shape.
    const name = line('Gints Lid', 0.19, 128, 50);
    const lines = diplomaLines(name);
    const region = { ...flagged(name, 0.76, { text: 'Gomis Lndyyist', confidence: 0.44 }), inTextFlow: true };
    const pages = await signedPages(3, 5);
    const [named] = await nameRegions(nothingRead, [region], lines, pages);
    assert.equal(named?.naming?.field, 'recipient_name');
    const [apart] = await nameRegions(nothingRead, [{ ...region, inTextFlow: false }], lines, pages);
    assert.equal(apart?.naming?.field, 'signature');
  },
);

Deno.test(
  'ink in the text flow that neither page reads, under a sentence introducing the recipient, is the name',
  async () => {
    // Default seed f-reissued-photo-0002 (diploma): the script name, replaced whole, is an unread
    // band (no letters at registration nor in either page's reading) under "hereby confers upon",
    // and was named "Region 1 of the page".
    const band = line('', 0, 128, 50);
    const lines = diplomaLines(band);
    const region = {
      ...flagged(band, 1.43, { text: '', confidence: 0 }),
      originalReads: { text: '', confidence: 0 },
      inTextFlow: true,
    };
    const pages = await signedPages(3, 5);
    const [named] = await nameRegions(nothingRead, [region], lines, pages);
    assert.equal(named?.naming?.field, 'recipient_name');
    // Under any other line, nothing says it is a name.
    const [elsewhere] = await nameRegions(
      nothingRead,
      [region],
      [line('Fabrikam School of Business', 0.94, 100, 14), band],
      pages,
    );
    assert.notEqual(elsewhere?.naming?.field, 'recipient_name');
  },
);

Deno.test(
  'words the copy reads beyond all the original reads in a region with no line are text added',
  async () => {
    // Default seed f-line-added-screenshot-0002 (award): "with First Class Honours" added under the
    // grade; the crop's padding took in the grade line, which the original reads there too (0.62),
    // and the region was "Region 1 of the page".
    const grade = { ...line('Grade achieved: C+', 0.97, 100, 14), field: 'grade' as const };
    const lines = [line('in recognition of completing', 0.96, 40, 14), grade];
    const region: RegionEvidence = {
      box: { x: 60, y: 118, width: 280, height: 20 },
      score: 1,
      line: null,
      reads: null,
      readAnyway: false,
    };
    const readings = (copy: RegionReading, original: RegionReading) => () =>
      Promise.resolve([copy, original]);
    const pages = await signedPages(3, 3);
    const [added] = await nameRegions(
      readings(
        { text: 'rade achieved: C+ with First Class Honours', confidence: 0.9 },
        { text: 'rade achieved: C+', confidence: 0.62 },
      ),
      [region],
      lines,
      pages,
    );
    assert.equal(added?.naming?.field, 'grade');
    assert.equal(added?.naming?.label, 'Grade: text added ("with First Class Honours")');
    // Words that differ from the original's, not beyond them, are no text added.
    const [changed] = await nameRegions(
      readings(
        { text: 'rade achieved: B+', confidence: 0.9 },
        { text: 'rade achieved: C+', confidence: 0.62 },
      ),
      [region],
      lines,
      pages,
    );
    assert.doesNotMatch(changed?.naming?.label ?? '', /text added/i);
  },
);

Deno.test(
  'a line whose words both pages read alike is named by the ink that changed beside them',
  async () => {
    // Default seed f-signature-swapped-digital-0000 (classic): OCR joined the signature to the date's
    // line at registration ("Date of issue Q ANN"); both pages read the date alike, the signature changed.
    const joined = line('Date of issue Q ANN', 0.72, 128, 50);
    const region = {
      ...flagged(joined, 1.39, { text: 'Date of issue 27 Anril 2024', confidence: 0.87 }),
      originalReads: { text: 'Date of issue 27 Anril 2024', confidence: 0.84 },
    };
    const [named] = await nameRegions(
      nothingRead,
      [region],
      [line('Certificate of Completion', 0.95, 20, 14), line('Jane Doe', 0.96, 50, 14), joined],
      await signedPages(3, 5),
    );
    assert.equal(named?.naming?.field, 'signature');
  },
);

Deno.test(
  'a date in the flow of the text whose words read whole is intact: the signature beside it changed',
  async () => {
    // Default seed f-signature-swapped-screenshot-0002 (award): OCR joined the signature to the date
    // at registration ("11.01.2019 ANA", 0.45); the copy reads the date alone, surely. The line has
    // text above and below it, yet the date's words end where its shape does.
    const joined = line('11.01.2019 ANA', 0.45, 128, 50);
    const region = {
      ...flagged(joined, 1.42, { text: '11.01.2019', confidence: 0.95 }),
      originalReads: { text: '11.01.2019 ANIA', confidence: 0.53 },
      inTextFlow: true,
    };
    const [named] = await nameRegions(
      nothingRead,
      [region],
      [line('Grade achieved: C+', 0.97, 100, 14), joined, line('Date Prof. Rafael Ortiz', 0.95, 185, 14)],
      await signedPages(3, 5),
    );
    assert.equal(named?.naming?.field, 'signature');
  },
);

/** A filled rosette in `tone`, `teeth` teeth round it, with two filled ribbons below it when asked. */
function filledSeal(page: GrayRaster, teeth: number, ribbons: boolean, tone: number): GrayRaster {
  const [cx, cy, radius] = [200, 110, 60];
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const angle = Math.atan2(y - cy, x - cx);
      const edge = radius * (0.9 + 0.1 * Math.abs(Math.sin((angle * teeth) / 2)));
      const distance = Math.hypot(x - cx, y - cy);
      // A light ring of lettering inside the disc, as a seal prints its issuer's name.
      const band = distance > 0.6 * radius && distance < 0.7 * radius;
      const ribbon =
        ribbons &&
        y > cy &&
        y < cy + 1.6 * radius &&
        [-1, 1].some(
          (side) => Math.abs(x - cx - side * (0.3 + 0.3 * ((y - cy) / (1.6 * radius))) * radius) < 10,
        );
      if ((distance <= edge && !band) || ribbon) page.data[y * WIDTH + x] = tone;
    }
  return page;
}

/** A portrait's dark disc reaching down from the page's top, as a badge prints it above its seal. */
function portraitDisc(page: GrayRaster, tone = 40): GrayRaster {
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) if (Math.hypot(x - 200, y + 60) <= 130) page.data[y * WIDTH + x] = tone;
  return page;
}

/** What a region flagged over the band below a badge's portrait (x 150-250, y 100-140) is named. */
async function nameOfBand(
  originalPage: GrayRaster,
  copyPage: GrayRaster,
  score: number,
  lines: RegisteredLine[],
) {
  const pages = await pagesOf(originalPage, copyPage);
  const band = { x: 150, y: 100, width: 100, height: 40 };
  const region: RegionEvidence = {
    box: band,
    flaggedBox: band,
    score,
    line: null,
    reads: null,
    readAnyway: false,
  };
  const [named] = await nameRegions(
    (crops) => Promise.all(crops.map((crop) => readRegion(crop))),
    [region],
    lines,
    pages,
  );
  return named?.naming?.field;
}

Deno.test(
  'a filled seal swapped for another is named the seal by its tones, apart from a darker disc it meets',
  async () => {
    // Default seed f-seal-swapped-scan-0000 (transcript) and -0001 (badge): the ink threshold finds a
    // filled seal's edges and lettering only, and on a badge those edges meet the portrait's disc
    // above it, so the ink traced from a tile across the seal's band reaches the page's edge and
    // names nothing. The seal's own tone (84 against the disc's 40) traces the seal alone.
    const originalPage = filledSeal(portraitDisc(paper()), 24, true, 84);
    const copyPage = filledSeal(portraitDisc(paper()), 16, false, 84);
    assert.equal(
      await nameOfBand(originalPage, copyPage, 0.86, [
        line('Module Credits Grade', 0.96, 250, 14),
        line('Cryptography 15 B', 0.94, 270, 14),
      ]),
      'seal',
    );
  },
);

Deno.test(
  'a date in the flow of the text with a pen stroke read beside it: the stroke that changed is the signature',
  async () => {
    // Default seed f-signature-swapped-scan-0002 (award): the signature joined to the date at
    // registration ("24.09.2016 ~NAMNN", 0.46), read as noise in the copy ("24.09.2016 GR hY", 0.49).
    const joined = line('24.09.2016 ~NAMNN', 0.46, 128, 50);
    const region = {
      ...flagged(joined, 1.4, { text: '24.09.2016 GR hY', confidence: 0.49 }),
      inTextFlow: true,
    };
    const lines = [
      line('Grade achieved: B', 0.97, 100, 14),
      joined,
      line('Date Prof. Lena Berg', 0.95, 185, 14),
    ];
    const [swapped] = await nameRegions(nothingRead, [region], lines, await signedPages(3, 5));
    assert.equal(swapped?.naming?.field, 'signature');
    // The same signature on both pages: no stroke's shape differs, the line stays the date.
    const [same] = await nameRegions(nothingRead, [region], lines, await signedPages(3, 3));
    assert.equal(same?.naming?.field, 'issue_date');
  },
);

Deno.test(
  "a seal swapped for one of its portrait's tone is named the seal by the page where it stands apart",
  async () => {
    // Default seed f-seal-swapped-scan-0001 (badge): the copy's gold seal (146) has the tone of the
    // portrait's content it meets, so both pages' marks together reach the area's edge; the
    // original's green seal (84) against the portrait's navy (40) stands apart.
    const originalPage = filledSeal(portraitDisc(paper()), 24, true, 84);
    const copyPage = filledSeal(portraitDisc(paper(), 140), 16, true, 146);
    assert.equal(
      await nameOfBand(originalPage, copyPage, 0.3, [
        line('Name Jose Silva', 0.96, 250, 14),
        line('Valid until 25 May 2026', 0.94, 270, 14),
      ]),
      'seal',
    );
  },
);

Deno.test(
  'a date both pages read alike, surely, beside a changed pen stroke: the stroke is the signature',
  async () => {
    // Seed 11 f-signature-swapped-scan-0002 (award): registered "16.11.2021 ANYWAY" (0.57), read
    // "16.11.2021" on both pages at 0.96, and named the date of issue.
    const joined = line('16.11.2021 ANYWAY', 0.57, 128, 50);
    const region = {
      ...flagged(joined, 1.98, { text: '16.11.2021', confidence: 0.96 }),
      originalReads: { text: '16.11.2021', confidence: 0.96 },
      inTextFlow: true,
    };
    const lines = [
      line('Grade achieved: B', 0.97, 100, 14),
      joined,
      line('Date Prof. Lena Berg', 0.95, 185, 14),
    ];
    const [swapped] = await nameRegions(nothingRead, [region], lines, await signedPages(3, 5));
    assert.equal(swapped?.naming?.field, 'signature');
    const [same] = await nameRegions(nothingRead, [region], lines, await signedPages(3, 3));
    assert.equal(same?.naming?.field, 'issue_date');
  },
);

Deno.test(
  'a seal swapped for one of another colour, flagged across the portrait it meets, is the seal by its changed tone',
  async () => {
    // Default seed f-seal-swapped-screenshot-0001 (badge): the green seal (84) under the portrait's
    // navy disc (40) swapped for a gold one (150); the flagged tile is mostly the disc's bottom, so
    // ink and tones trace the disc, which reaches the page's edge, and the region was "Region 1 of
    // the page". Only the seal's pixels change tone.
    const originalPage = filledSeal(portraitDisc(paper()), 24, true, 84);
    const copyPage = filledSeal(portraitDisc(paper()), 24, true, 150);
    const pages = await pagesOf(originalPage, copyPage);
    const tile = { x: 150, y: 10, width: 100, height: 70 };
    const region: RegionEvidence = {
      box: tile,
      flaggedBox: tile,
      score: 0.62,
      line: null,
      reads: null,
      readAnyway: false,
    };
    const [named] = await nameRegions(
      (crops) => Promise.all(crops.map((crop) => readRegion(crop))),
      [region],
      [line('Name Jose Silva', 0.96, 250, 14), line('Valid until 25 May 2026', 0.94, 270, 14)],
      pages,
    );
    assert.equal(named?.naming?.field, 'seal');
  },
);

/** A row of letter-sized blocks, as a line of small print looks to the ink masks. */
function smallPrint(page: GrayRaster, y: number, from: number, to: number): GrayRaster {
  for (let x = from; x + 6 <= to; x += 9)
    for (let dy = 0; dy < 10; dy++) for (let dx = 0; dx < 6; dx++) page.data[(y + dy) * WIDTH + x + dx] = 40;
  return page;
}

Deno.test(
  'ink added right under a line, text-sized and read on neither page, is text added to that line’s field',
  async () => {
    // Default seed f-line-added-screenshot-0002 (award at 38 %): "with First Class Honours", 5 px
    // tall under the grade, read by no OCR, was "Region 1 of the page".
    const grade = line('Grade: A', 0.96, 100, 14);
    const lines = [line('Certificate of Completion', 0.95, 20, 14), grade];
    const below = { x: 60, y: 116, width: 200, height: 30 };
    const region: RegionEvidence = {
      box: below,
      flaggedBox: below,
      score: 1,
      line: null,
      reads: null,
      readAnyway: false,
    };
    const plain = paper();
    const added = smallPrint(paper(), 122, 70, 250);
    const [named] = await nameRegions(nothingRead, [region], lines, await pagesOf(plain, added));
    assert.equal(named?.naming?.label, 'Grade: text added under it');
    // The same print gone from the copy is no text added.
    const [lost] = await nameRegions(nothingRead, [region], lines, await pagesOf(added, plain));
    assert.equal(lost?.naming, undefined);
  },
);
