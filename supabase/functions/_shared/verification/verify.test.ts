import assert from 'node:assert/strict';
import { mapPoint } from './warp.ts';
import type { RegisteredLine } from './fields.ts';
import type { TileScore } from './compare.ts';
import type { InkMasks } from './ink.ts';
import { glyphInk } from './unread.ts';
import {
  alteredWhileNumberNamesUnexamined,
  atOriginalScale,
  cellsToRead,
  flaggedRegions,
  glyphCell,
  graphicOnlyUnder,
  readInEveryCopy,
  ruledOutAfterChosen,
  uniquelyNear,
} from './verify.ts';

Deno.test('a copy larger than the original is shrunk first, and the homography still maps it home', () => {
  const copy = { width: 1800, height: 1200, data: new Uint8Array(1800 * 1200).fill(255) };
  const homography = [0.7778, 0, 3, 0, 0.7778, -2, 0, 0, 1];
  const { raster, homography: scaled } = atOriginalScale(copy, homography);
  assert.equal(raster.width, 1400);
  assert.equal(raster.height, 933);
  // The copy's far corner, in the shrunk raster's pixels, lands where the original mapping put it.
  const [x, y] = mapPoint(scaled, raster.width, raster.height);
  const [ex, ey] = mapPoint(homography, copy.width, copy.height);
  assert.ok(Math.abs(x - ex) < 1e-6 && Math.abs(y - ey) < 1e-6, `${x},${y} vs ${ex},${ey}`);
  // At about the original's scale already: left as it is.
  assert.equal(atOriginalScale(copy, [0.98, 0, 0, 0, 0.98, 0, 0, 0, 1]).raster, copy);
});

Deno.test('a copy laid over two certificates of one design at one scale is shrunk once', () => {
  const copy = { width: 1800, height: 1200, data: new Uint8Array(1800 * 1200).fill(255) };
  // Two alignments whose scales round to the same size: the same shrunk raster serves both.
  const first = atOriginalScale(copy, [0.7778, 0, 3, 0, 0.7778, -2, 0, 0, 1]);
  const second = atOriginalScale(copy, [0.77781, 0, 2, 0, 0.77781, -1, 0, 0, 1]);
  assert.equal(second.raster, first.raster);
  assert.notDeepEqual(second.homography, first.homography);
  // Another size is shrunk anew.
  assert.equal(atOriginalScale(copy, [0.7, 0, 0, 0, 0.7, 0, 0, 0, 1]).raster.width, 1260);
});

Deno.test(
  'a number printed light on a dark band is read in every copy, however poorly registration read it',
  () => {
    const line = (text: string, confidence: number) => ({
      text,
      confidence,
      field: null,
      box: { x: 0, y: 0, width: 100, height: 16 },
    });
    // Whole-page OCR read a badge's white-on-dark number at 0.32: it is still what the copy must show.
    assert.ok(readInEveryCopy(line('TLC-2025-001088', 0.32)));
    assert.ok(readInEveryCopy(line('24.08.2030', 0.4)));
    // A border's pattern read as digits, or a stroke read as a sign, is not read again.
    assert.ok(!readInEveryCopy(line('PPP 0000000000000 000000000000000090', 0)));
    assert.ok(!readInEveryCopy(line('- ~', 0.22)));
    assert.ok(readInEveryCopy(line('Grade: 83%', 0.96)));
  },
);

Deno.test(
  'a faint background pattern tipped under the ink threshold is no mark; a glyph off the lines and a sign at a line end are',
  () => {
    const width = 300;
    const height = 200;
    const ink = new Uint8Array(width * height);
    const line = (text: string, x: number, y: number, lineWidth: number): RegisteredLine => ({
      text,
      confidence: 0.95,
      field: null,
      box: { x, y, width: lineWidth, height: 20 },
    });
    // Two lines of text, 10 px across per glyph, each glyph holding 10 x 20 / 2 = 100 px of ink.
    const lines = [line('Supply Chain', 150, 20, 110), line('with the grade B-', 100, 120, 140)];
    for (const { box } of lines)
      for (let y = box.y; y < box.y + box.height; y++)
        for (let x = box.x; x < box.x + box.width; x++) ink[y * width + x] = (x + y) % 2;
    const masks: InkMasks = { width, height, ink, near: ink };
    const glyph = glyphInk(masks, lines);
    assert.equal(glyph, 100);
    const unreadBand = line('', 0, 60, 90);
    const tile = (x: number, y: number, score: number, original: number, copy: number) => ({
      box: { x, y, width: 50, height: 50 },
      score,
      ink: original,
      copyInk: copy,
      hidden: false,
    });
    const flagged = (tiles: TileScore[]) =>
      flaggedRegions(tiles, [...lines, unreadBand], 0.02, { unread: new Set([unreadBand]), glyph });
    // Seed 11 `g-scan-0000`: 26 px of a guilloche on the original, none on the scan, scored 0.68.
    assert.deepEqual(flagged([tile(0, 50, 0.68, 26, 0)]), []);
    // Off every line, too: the same as graphics.
    assert.deepEqual(flagged([tile(0, 150, 0.68, 26, 0)]), []);
    // A glyph's worth of ink added over the band, or a graphic swapped, is a region.
    assert.equal(flagged([tile(0, 50, 0.68, 26, 120)]).length, 1);
    assert.equal(flagged([tile(0, 150, 0.9, 300, 280)]).length, 1);
    // Less than a glyph, but one connected stroke of half a glyph the original lacks, on text OCR did
    // not read (a script name's letter raised an ascender into a blank tile): a region.
    assert.equal(flagged([{ ...tile(0, 50, 1, 0, 57), lonePiece: 57 }]).length, 1);
    // The same ink as specks, or the stroke off every line, is not.
    assert.deepEqual(flagged([{ ...tile(0, 50, 1, 0, 57), lonePiece: 3 }]), []);
    assert.deepEqual(flagged([{ ...tile(0, 150, 1, 0, 57), lonePiece: 57 }]), []);
    // A sign's few pixels in a tile that touches a line that was read stay that line's evidence.
    const sign = flagged([tile(220, 100, 0.4, 20, 12)]);
    assert.equal(sign.length, 1);
    assert.equal(sign[0]!.line, lines[1]);
    // A tile along a dark area's outline has its ink left out: a seal swapped for another there,
    // with no ink counted on either page, is judged by its tones and is a region.
    const swappedSeal = { ...tile(0, 150, 0, 0, 0), likeness: 0.2, leftOut: 0.9 };
    assert.equal(flagged([swappedSeal]).length, 1);
    // The same tones with the ink compared (nothing left out) stay the faint pattern's case.
    assert.deepEqual(flagged([{ ...swappedSeal, leftOut: 0.1 }]), []);
    // Faint ink (under FAINT_INK_DEPTH) holding more than a glyph's worth, lost in the copy: a dot
    // pattern in a JPEG scan or a light rule at a screenshot's scale (seed 11 g-screenshot-0003: 30 px
    // at depth 41 against 2, scored 1.0) flags nothing, off the lines or over unread ink. Dark ink lost,
    // or faint ink the copy adds, is a region.
    const faintRule = { ...tile(0, 150, 1, 130, 2), inkDepth: 41 };
    assert.deepEqual(flagged([faintRule]), []);
    assert.deepEqual(flagged([{ ...faintRule, box: { ...faintRule.box, y: 50 } }]), []);
    assert.equal(flagged([{ ...faintRule, inkDepth: 188 }]).length, 1);
    assert.equal(flagged([{ ...faintRule, copyInk: 160 }]).length, 1);
  },
);

Deno.test(
  'a graphic region is marked tones-alike only when every tile has like tones and ink on both pages',
  () => {
    const tile = (x: number, likeness: number, ink: number, copyInk: number): TileScore => ({
      box: { x, y: 0, width: 50, height: 50 },
      score: 0.48,
      ink,
      copyInk,
      hidden: false,
      likeness,
    });
    const regions = (tiles: TileScore[]) => flaggedRegions(tiles, [], 0.05);
    // Seed 7 g-scan-0004: a seal's lower edge, 143 px against 114, likeness 0.967.
    assert.equal(regions([tile(0, 0.967, 143, 114)])[0]!.tonesAlike, true);
    // Swapped (tones unlike), erased (the copy's ink gone) or added to: not alike.
    assert.equal(regions([tile(0, 0.4, 143, 120)])[0]!.tonesAlike, false);
    assert.equal(regions([tile(0, 1, 143, 10)])[0]!.tonesAlike, false);
    assert.equal(regions([tile(0, 0.99, 60, 143)])[0]!.tonesAlike, false);
    // One tile unlike makes the whole region so.
    const joined = regions([tile(0, 0.967, 143, 114), tile(50, 0.4, 143, 120)]);
    assert.equal(joined.length, 1);
    assert.equal(joined[0]!.tonesAlike, false);
    // A stroke one page has and the other lacks, of half a glyph or more, is no tipped threshold
    // however the tones agree (default seed f-grade-sign-scan-0002: "C+" -> "C-", likeness 0.951,
    // 281 px against 220, a 74 px piece); the seal's edge had pieces of 4 px.
    const withGlyph = (tiles: TileScore[]) => flaggedRegions(tiles, [], 0.05, { glyph: 100 });
    assert.equal(withGlyph([{ ...tile(0, 0.951, 281, 220), lonePiece: 74 }])[0]!.tonesAlike, false);
    assert.equal(withGlyph([{ ...tile(0, 0.967, 143, 114), lonePiece: 4 }])[0]!.tonesAlike, true);
  },
);

Deno.test(
  'a page hash names the certificate to examine first only when no other registration is as near or of its design',
  () => {
    const own = { certificateId: 'own', distance: 3, pageHash: 0n };
    assert.equal(uniquelyNear([own]), own);
    assert.equal(uniquelyNear([own, { certificateId: 'other design', distance: 20, pageHash: -1n }]), own);
    // A certificate of the same design 2-6 bits away: the printed number decides which one to examine.
    assert.equal(uniquelyNear([own, { certificateId: 'sibling', distance: 7, pageHash: 0b111n }]), null);
    // Of the same design though farther from the copy: the hash cannot tell them apart either.
    assert.equal(uniquelyNear([own, { certificateId: 'sibling', distance: 14, pageHash: 0b1111n }]), null);
    assert.equal(uniquelyNear([{ certificateId: 'far', distance: 11, pageHash: 0n }]), null);
    assert.equal(uniquelyNear([]), null);
  },
);

Deno.test(
  'a line with a cell past the pixel budget is read in the cells that fit only when it holds a number or date',
  () => {
    const line = (text: string): RegisteredLine => ({
      text,
      confidence: 0.46,
      field: null,
      box: { x: 141, y: 1103, width: 757, height: 62 },
    });
    // Default seed f-date-digit-screenshot-0002: the date's cell, then the signature's scribble, whose
    // crop is past the budget on both pages.
    const layout = {
      cells: [
        { x0: 141, x1: 243, top: 1141, bottom: 1187 },
        { x0: 643, x1: 897, top: 1107, bottom: 1187 },
      ],
      rules: [],
    };
    const plan = cellsToRead(line('24.09.2016 ~NAMNN'), layout, ['copy date', null], ['original date', null]);
    assert.deepEqual(plan?.sides, [['copy date'], ['original date']]);
    assert.deepEqual(plan?.layout.cells, [layout.cells[0]]);
    assert.equal(plan?.partial, true);
    // No number or date on the line (a border OCR took for text): not read by cells, as before.
    assert.equal(cellsToRead(line('Prof. Rafael Ortiz ~NAMNN'), layout, ['a', null], ['b', null]), null);
    // Every cell cut: all read, nothing partial.
    const whole = cellsToRead(line('Prof. Rafael Ortiz ~NAMNN'), layout, ['a', 'b'], ['c', 'd']);
    assert.deepEqual(whole, {
      layout,
      sides: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      partial: false,
    });
  },
);

Deno.test('a sibling the copy shows none of is skipped only once the chosen certificate was examined', () => {
  const siblings = { chosen: 'chosen', ruledOut: new Set(['other']) };
  assert.equal(ruledOutAfterChosen(siblings, new Set(['chosen']), 'other'), true);
  // The chosen one not yet examined (the budget or the order put it later): nothing is skipped.
  assert.equal(ruledOutAfterChosen(siblings, new Set(), 'other'), false);
  // A sibling not ruled out is examined as before.
  assert.equal(ruledOutAfterChosen(siblings, new Set(['chosen']), 'third'), false);
  // No certificate chosen: ruled-out siblings come last but are still examined.
  assert.equal(
    ruledOutAfterChosen({ chosen: null, ruledOut: new Set(['other']) }, new Set(['a']), 'other'),
    false,
  );
  assert.equal(ruledOutAfterChosen(null, new Set(['chosen']), 'other'), false);
});

Deno.test(
  'an altered answer stands unless the number the copy prints names a certificate left unexamined',
  () => {
    const alteredAgainst = (certificateId: string) => ({
      decision: { verdict: 'altered' as const },
      registration: { certificateId },
    });
    // The number names another certificate the budget left out: it may be a faithful copy of that one.
    assert.equal(alteredWhileNumberNamesUnexamined(alteredAgainst('a'), ['b'], new Set(['a'])), true);
    // That one was examined too: the altered answer stands.
    assert.equal(alteredWhileNumberNamesUnexamined(alteredAgainst('a'), ['b'], new Set(['a', 'b'])), false);
    // The number names the certificate it was compared with.
    assert.equal(alteredWhileNumberNamesUnexamined(alteredAgainst('a'), ['a'], new Set(['a'])), false);
    // Not altered, or nothing found: nothing to withhold.
    const unknown = { decision: { verdict: 'unknown' as const }, registration: { certificateId: 'a' } };
    assert.equal(alteredWhileNumberNamesUnexamined(unknown, ['b'], new Set(['a'])), false);
    assert.equal(alteredWhileNumberNamesUnexamined(null, ['b'], new Set()), false);
  },
);

Deno.test(
  'a short cell within its line is a glyph; a graphic the line crosses, taller than it, is not',
  () => {
    const row = { x: 99, y: 741, width: 1190, height: 58 };
    // A grade "A+" in its row, and a seal's piece reaching past the row above and below.
    assert.equal(glyphCell({ x0: 500, x1: 530, top: 755, bottom: 785 }, row), true);
    assert.equal(glyphCell({ x0: 729, x1: 769, top: 721, bottom: 815 }, row), false);
    // A word is no short cell.
    assert.equal(glyphCell({ x0: 99, x1: 180, top: 760, bottom: 790 }, row), false);
    // A glyph whose cell an underline or the next line's ascender stretches past one side stays one.
    assert.equal(glyphCell({ x0: 500, x1: 530, top: 750, bottom: 830 }, row), true);
    assert.equal(glyphCell({ x0: 500, x1: 530, top: 700, bottom: 790 }, row), true);
  },
);

Deno.test(
  "a tile over a seal a line crosses is judged as a graphic; one over the line's glyphs as its text",
  () => {
    // Seed 23 g-photo-0000's "Date of issue ... NIN" line: a label, a seal's pieces past the line above
    // and below, a signature.
    const row = { x: 99, y: 741, width: 1190, height: 58 };
    const cells = [
      { x0: 99, x1: 180, top: 774, bottom: 816 },
      { x0: 631, x1: 671, top: 721, bottom: 815 },
      { x0: 729, x1: 769, top: 721, bottom: 815 },
      { x0: 1036, x1: 1302, top: 745, bottom: 790 },
    ];
    assert.equal(graphicOnlyUnder(cells, row, { x: 750, y: 750, width: 50, height: 50 }), true);
    assert.equal(graphicOnlyUnder(cells, row, { x: 150, y: 750, width: 50, height: 50 }), false);
    // A cell past the line on one side only (an underline, a neighbour's descender): the line's.
    const underlined = [{ x0: 729, x1: 769, top: 745, bottom: 830 }];
    assert.equal(graphicOnlyUnder(underlined, row, { x: 750, y: 750, width: 50, height: 50 }), false);
    // Over the seal and the label both, or over no cell at all: the line's.
    assert.equal(graphicOnlyUnder(cells, row, { x: 160, y: 750, width: 480, height: 50 }), false);
    assert.equal(graphicOnlyUnder(cells, row, { x: 850, y: 750, width: 50, height: 50 }), false);
    const line: RegisteredLine = { text: 'Date of issue NIN', confidence: 0.8, field: null, box: row };
    const tile: TileScore = {
      box: { x: 750, y: 750, width: 50, height: 50 },
      score: 0.2,
      ink: 483,
      copyInk: 460,
      hidden: false,
      likeness: 0.897,
    };
    const overSeal = (box: { x: number }) => box.x === 750;
    // As text the tile is flagged; as the seal's, like in tone, it is not.
    assert.equal(flaggedRegions([tile], [line], 0.1).length, 1);
    assert.equal(flaggedRegions([tile], [line], 0.1, { overGraphicOnly: overSeal }).length, 0);
    // A seal's tile unlike in tone stays flagged, as a graphic.
    const unlike = flaggedRegions([{ ...tile, likeness: 0.3 }], [line], 0.1, { overGraphicOnly: overSeal });
    assert.equal(unlike.length, 1);
    assert.equal(unlike[0]!.line, null);
  },
);
