import { extractImages, extractText, getDocumentProxy } from 'unpdf';
import { UnreadableFileError } from './errors.ts';
import { type GrayRaster, toGray } from '../documents/raster.ts';

/** What a PDF gives the pipeline: its text layer and the largest image drawn on page 1. */
export interface PdfContent {
  text: string;
  pageImage: GrayRaster | null;
}

/**
 * Reads a PDF's text layer (all pages) and the largest image painted on its first page (the
 * scan, in an image-only PDF). Uses pdf.js's operator list, so no canvas is needed.
 */
export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  // pdf.js may transfer (detach) the buffer it is given; the caller still needs its bytes.
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    document = await getDocumentProxy(new Uint8Array(bytes));
  } catch (error) {
    // pdf.js rejects damaged structure and passwords here; that is the caller's file, not our failure.
    throw new UnreadableFileError(error instanceof Error ? error.name : 'PDF could not be opened');
  }
  try {
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
