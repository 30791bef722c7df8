import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { UnreadableFileError } from './errors.ts';
import { fitWithin, type GrayRaster, toGray } from '../documents/raster.ts';

/** What a PDF gives the pipeline: its text layer and the largest image drawn on page 1. */
export interface PdfContent {
  text: string;
  pageImage: GrayRaster | null;
}

/** A certificate is a page or two; thousands of pages are an attack on the text extraction. */
export const MAX_PDF_PAGES = 50;
/** Bytes all of a PDF's compressed streams may inflate to (a 10 MB file can hold gigabytes of zeros). */
export const MAX_PDF_INFLATED_BYTES = 64 * 1024 * 1024;

const STREAM_START = /stream\r?\n/g;
const latin1 = new TextDecoder('latin1');

/**
 * Inflates every Flate stream with a byte budget before pdf.js sees the file, so a decompression
 * bomb is refused instead of filling the function's 256 MB. Streams that are not zlib (or are
 * damaged) count for nothing here; pdf.js deals with them.
 */
async function assertInflatesWithinBudget(bytes: Uint8Array): Promise<void> {
  const text = latin1.decode(bytes);
  let budget = MAX_PDF_INFLATED_BYTES;
  for (const match of text.matchAll(STREAM_START)) {
    const start = match.index + match[0].length;
    let end = text.indexOf('endstream', start);
    if (end === -1) break;
    while (end > start && (bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d)) end -= 1;
    // zlib header: CMF 0x78 (deflate, 32 KB window).
    if (bytes[start] !== 0x78) continue;
    // Fed 4 KB at a time: deflate expands at most ~1000:1, so no single step can produce more than
    // ~4 MB before the budget is checked.
    const compressed = bytes.subarray(start, end);
    let offset = 0;
    const input = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= compressed.length) return controller.close();
        controller.enqueue(compressed.slice(offset, offset + 4096));
        offset += 4096;
      },
    });
    const reader = (input as unknown as ReadableStream<BufferSource>)
      .pipeThrough(new DecompressionStream('deflate'))
      .getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        budget -= value.byteLength;
        if (budget < 0) throw new UnreadableFileError('PDF streams inflate beyond the allowed size');
      }
    } catch (error) {
      if (error instanceof UnreadableFileError) throw error;
      // Damaged or truncated stream: not a bomb.
    } finally {
      await reader.cancel().catch(() => undefined);
    }
  }
}

/**
 * Reads a PDF's text layer (all pages) and the largest image painted on its first page (the
 * scan, in an image-only PDF). Uses pdf.js's operator list, so no canvas is needed.
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  // pdf.js may transfer (detach) the buffer it is given; the caller still needs its bytes.
  await assertInflatesWithinBudget(bytes);
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    document = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    // pdf.js rejects damaged structure and passwords here; that is the caller's file, not our failure.
    throw new UnreadableFileError(error instanceof Error ? error.name : 'PDF could not be opened');
  }
  try {
    if (document.numPages > MAX_PDF_PAGES) {
      throw new UnreadableFileError(`PDF has more than ${MAX_PDF_PAGES} pages`);
    }
    const { text } = await extractText(document, { mergePages: true });
    const images = document.numPages > 0 ? await extractImages(document, 1) : [];
    let largest: (typeof images)[number] | undefined;
    for (const image of images) {
      if (!largest || image.width * image.height > largest.width * largest.height) largest = image;
    }
    return {
      text: text.trim(),
      pageImage: largest ? toGray(largest.data, largest.width, largest.height, largest.channels) : null,
    };
  } finally {
    await document.loadingTask.destroy();
  }
}

/** A PDF's text layer and its first page's image fitted within `longSide` (what the `ocr` function's `/pdf` answers). */
export async function readPdfPage(
  bytes: Uint8Array,
  longSide: number,
): Promise<{ text: string; page: GrayRaster | null }> {
  const { text, pageImage } = await readPdf(bytes);
  return { text, page: pageImage ? fitWithin(pageImage, longSide) : null };
}
