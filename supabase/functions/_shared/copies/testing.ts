/**
 * Test helpers (imported by tests only, never by a function): a drawn certificate page that no other
 * test registered, and a simulated phone photo of a page.
 */
import encodeJpeg from '@jsquash/jpeg/encode.js';
import { decodeImagePixels } from '../processing/decode.ts';
import { detectFileType } from '../processing/detect.ts';
import { openCv } from '../verification/opencv.ts';
import { type Mat, withMats } from '../verification/mats.ts';
import { compressRgb, pngFile, type RgbImage } from './png.ts';

/** A 1600 x 1131 certificate page (PNG) naming `recipient` with `number`: unique per arguments. */
export async function drawnCertificate(
  recipient: string,
  number: string,
  { factScale = 1 }: { factScale?: number } = {},
): Promise<Uint8Array> {
  const cv = await openCv();
  const width = 1600;
  const height = 1131;
  const image = withMats((keep): RgbImage => {
    const page: Mat = keep(new cv.Mat(height, width, cv.CV_8UC3, new cv.Scalar(250, 246, 236)));
    const blue = new cv.Scalar(30, 70, 130);
    const ink = new cv.Scalar(30, 34, 40);
    cv.rectangle(page, new cv.Point(24, 24), new cv.Point(width - 25, height - 25), blue, 10);
    cv.rectangle(page, new cv.Point(48, 48), new cv.Point(width - 49, height - 49), blue, 2);
    const centred = (
      text: string,
      y: number,
      scale: number,
      thickness: number,
      colour = ink,
      font = cv.FONT_HERSHEY_TRIPLEX,
    ) => {
      const x = Math.round(width / 2 - text.length * scale * 10);
      cv.putText(page, text, new cv.Point(Math.max(60, x), y), font, scale, colour, thickness, cv.LINE_AA);
    };
    centred('Certificate of Completion', 190, 2.6, 4, blue);
    centred('This is to certify that', 300, 1.2, 2, ink, cv.FONT_HERSHEY_COMPLEX);
    centred(recipient, 430, 2.4, 4);
    cv.line(page, new cv.Point(420, 470), new cv.Point(width - 420, 470), blue, 3);
    centred('has successfully completed the course', 560, 1.1, 2, ink, cv.FONT_HERSHEY_COMPLEX);
    centred('Applied Cryptography', 660, 1.7, 3, ink, cv.FONT_HERSHEY_DUPLEX);
    centred('Grade: A', 750, 1.3, 2, ink, cv.FONT_HERSHEY_DUPLEX);
    // The facts on lines of their own and the seal away from them: a seal or a signature sharing a
    // line's band made OCR read stray marks into it.
    const fact = (text: string, y: number) =>
      cv.putText(
        page,
        text,
        new cv.Point(140, y),
        cv.FONT_HERSHEY_DUPLEX,
        factScale,
        ink,
        Math.max(1, Math.round(2 * factScale)),
        cv.LINE_AA,
      );
    fact('Date of issue: 2025-06-30', 860);
    fact(`Certificate No: ${number}`, 915);
    fact('Issued by Northwind Academy', 970);
    cv.circle(page, new cv.Point(1300, 900), 70, blue, -1, cv.LINE_AA);
    cv.circle(page, new cv.Point(1300, 900), 56, new cv.Scalar(250, 246, 236), 3, cv.LINE_AA);
    return { width, height, data: new Uint8Array(page.data) };
  });
  return pngFile(width, height, await compressRgb(image));
}

/** Decoded RGB pixels of a PNG or JPEG (alpha dropped). */
export async function rgbOf(bytes: Uint8Array): Promise<RgbImage> {
  const pixels = await decodeImagePixels(bytes, detectFileType(bytes)!);
  const count = pixels.width * pixels.height;
  const data = new Uint8Array(count * 3);
  for (let index = 0; index < count; index++)
    for (let channel = 0; channel < 3; channel++)
      data[index * 3 + channel] =
        pixels.data[index * pixels.channels + Math.min(channel, pixels.channels - 1)]!;
  return { width: pixels.width, height: pixels.height, data };
}

export async function pngOf(image: RgbImage): Promise<Uint8Array> {
  return pngFile(image.width, image.height, await compressRgb(image));
}

/**
 * `image` on a dark desk beside a larger blank sheet: the sheet is the largest outline in the picture,
 * as a dark panel on a dark desk made the outline of a photographed page miss the part with its number.
 */
export function besideABlankSheet(image: RgbImage): RgbImage {
  const width = image.width * 2 + 300;
  const height = image.height + 370;
  const data = new Uint8Array(width * height * 3).fill(45);
  for (let y = 0; y < image.height; y++)
    data.set(
      image.data.subarray(y * image.width * 3, (y + 1) * image.width * 3),
      ((180 + y) * width + 80) * 3,
    );
  const sheetLeft = image.width + 160;
  for (let y = 60; y < height - 60; y++)
    data.fill(244, (y * width + sheetLeft) * 3, (y * width + width - 60) * 3);
  return { width, height, data };
}

/**
 * A phone photo of `page`, as bench/accuracy draws one: by default 12 MP (4000 x 3000), the page
 * filling about 80 % of the frame on a dark desk, turned `degrees`, perspective (the top edge 6 %
 * narrower), uneven light, a Gaussian blur (sigma 1.2) and JPEG quality 80; progressive as MozJPEG
 * writes by default, or baseline as a camera writes (`progressive: false`).
 */
export async function phonePhoto(
  page: RgbImage,
  degrees = 3,
  { width, height } = { width: 4000, height: 3000 },
  { progressive } = { progressive: true },
): Promise<Uint8Array> {
  const cv = await openCv();
  const rgba = withMats((keep) => {
    const source: Mat = keep(new cv.Mat(page.height, page.width, cv.CV_8UC3));
    source.data.set(page.data);
    const scale = Math.min((0.8 * width) / page.width, (0.8 * height) / page.height);
    const angle = (degrees * Math.PI) / 180;
    const corners = [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ].map(([sx, sy]) => {
      const narrow = sy! < 0 ? 0.94 : 1;
      const x = (sx! * page.width * scale * narrow) / 2;
      const y = (sy! * page.height * scale) / 2;
      return [
        width / 2 + x * Math.cos(angle) - y * Math.sin(angle),
        height / 2 + x * Math.sin(angle) + y * Math.cos(angle),
      ];
    });
    const from: Mat = keep(
      cv.matFromArray(4, 1, cv.CV_32FC2, [0, 0, page.width, 0, page.width, page.height, 0, page.height]),
    );
    const to: Mat = keep(cv.matFromArray(4, 1, cv.CV_32FC2, corners.flat()));
    const transform: Mat = keep(cv.getPerspectiveTransform(from, to));
    const photo: Mat = keep(new cv.Mat());
    cv.warpPerspective(
      source,
      photo,
      transform,
      new cv.Size(width, height),
      cv.INTER_LINEAR,
      cv.BORDER_CONSTANT,
      new cv.Scalar(70, 62, 55),
    );
    // Light falling off from the top-left corner by up to 18 %.
    const data = photo.data as Uint8Array;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        const shade = 1 - 0.18 * ((x / width + y / height) / 2);
        const at = (y * width + x) * 3;
        data[at] = data[at]! * shade;
        data[at + 1] = data[at + 1]! * shade;
        data[at + 2] = data[at + 2]! * shade;
      }
    cv.GaussianBlur(photo, photo, new cv.Size(0, 0), 1.2);
    const withAlpha: Mat = keep(new cv.Mat());
    cv.cvtColor(photo, withAlpha, cv.COLOR_RGB2RGBA);
    return new Uint8ClampedArray(withAlpha.data);
  });
  const jpeg = await encodeJpeg({ data: rgba, width, height, colorSpace: 'srgb' } as ImageData, {
    quality: 80,
    progressive,
  });
  return new Uint8Array(jpeg);
}

/**
 * A screenshot of `page` open in a document viewer: a `width` x `height` screen (grey or dark),
 * a toolbar, a sidebar with a thumbnail of the page, and the page itself at `zoom` of the pane,
 * shrunk by area averaging, with a drop shadow; PNG.
 */
export async function viewerScreenshot(
  page: RgbImage,
  { width = 1920, height = 1080, zoom = 0.85, dark = false } = {},
): Promise<Uint8Array> {
  const cv = await openCv();
  const image = withMats((keep): RgbImage => {
    const grey = (value: number) => new cv.Scalar(value, value, value);
    const screen: Mat = keep(new cv.Mat(height, width, cv.CV_8UC3, grey(dark ? 43 : 233)));
    const toolbar = Math.round(height * 0.055);
    const sidebar = Math.round(width * 0.13);
    cv.rectangle(screen, new cv.Point(0, 0), new cv.Point(width, toolbar), grey(dark ? 56 : 249), -1);
    cv.rectangle(screen, new cv.Point(0, toolbar), new cv.Point(sidebar, height), grey(dark ? 50 : 240), -1);
    const source: Mat = keep(new cv.Mat(page.height, page.width, cv.CV_8UC3));
    source.data.set(page.data);
    const place = (left: number, top: number, scale: number) => {
      const shown: Mat = keep(new cv.Mat());
      cv.resize(source, shown, new cv.Size(0, 0), scale, scale, cv.INTER_AREA);
      const shadow = new cv.Rect(left + 4, top + 4, shown.cols, shown.rows);
      keep(screen.roi(shadow)).setTo(grey(dark ? 20 : 150));
      shown.copyTo(keep(screen.roi(new cv.Rect(left, top, shown.cols, shown.rows))));
    };
    place(20, toolbar + 20, (sidebar - 40) / page.width);
    const paneWidth = width - sidebar - 80;
    const paneHeight = height - toolbar - 60;
    const scale = Math.min(paneWidth / page.width, paneHeight / page.height) * zoom;
    place(
      Math.round(sidebar + (width - sidebar - page.width * scale) / 2),
      Math.round(toolbar + (height - toolbar - page.height * scale) / 2),
      scale,
    );
    return { width, height, data: new Uint8Array(screen.data) };
  });
  return await pngOf(image);
}
