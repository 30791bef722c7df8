/**
 * A minimal PDF writer for the verifiable copy: one page showing one RGB image (the stamped page,
 * compressed as in the PNG), a text layer in the standard Helvetica font (invisible, over the same
 * words drawn in the image, so the certificate number and link can be searched, selected and
 * copied) and link areas that open the public page. No fonts or libraries are embedded.
 */

/** A line of text, in points from the page's bottom-left corner. */
export interface PdfText {
  x: number;
  y: number;
  size: number;
  text: string;
}

export interface PdfLink {
  /** [left, bottom, right, top] in points. */
  rect: [number, number, number, number];
  uri: string;
}

export interface PdfPage {
  /** Page size in points (1/72 inch). */
  width: number;
  height: number;
  /** The image filling the page: pixel size and its zlib stream of "Up"-filtered RGB rows. */
  image: { width: number; height: number; compressed: Uint8Array };
  texts: PdfText[];
  links: PdfLink[];
}

const encoder = new TextEncoder();

/** A PDF literal string in WinAnsi (Latin-1 here): anything else becomes '?'. */
export function pdfString(text: string): string {
  let out = '(';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code >= 0x20 && code < 0x7f) out += char;
    else if (code >= 0xa0 && code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

const number = (value: number) => String(Math.round(value * 100) / 100);

export function writePdf(page: PdfPage): Uint8Array {
  const content = [
    `q ${number(page.width)} 0 0 ${number(page.height)} 0 0 cm /Im0 Do Q`,
    // Render mode 3: the words are there to search and select, the image already shows them.
    ...page.texts.map(
      (text) =>
        `BT 3 Tr /F1 ${number(text.size)} Tf ${number(text.x)} ${number(text.y)} Td ${pdfString(text.text)} Tj ET`,
    ),
  ].join('\n');
  const annotationIds = page.links.map((_, index) => 7 + index);
  const objects: (string | Uint8Array)[][] = [
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${number(page.width)} ${number(page.height)}] ` +
        `/Resources << /XObject << /Im0 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R` +
        (annotationIds.length ? ` /Annots [${annotationIds.map((id) => `${id} 0 R`).join(' ')}]` : '') +
        ' >>',
    ],
    [`<< /Length ${encoder.encode(content).length} >>\nstream\n`, content, '\nendstream'],
    [
      `<< /Type /XObject /Subtype /Image /Width ${page.image.width} /Height ${page.image.height} ` +
        `/ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode ` +
        `/DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns ${page.image.width} >> ` +
        `/Length ${page.image.compressed.length} >>\nstream\n`,
      page.image.compressed,
      '\nendstream',
    ],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
    ...page.links.map((link) => [
      `<< /Type /Annot /Subtype /Link /Rect [${link.rect.map(number).join(' ')}] /Border [0 0 0] ` +
        `/A << /S /URI /URI ${pdfString(link.uri)} >> >>`,
    ]),
  ];
  const parts: Uint8Array[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  // The binary comment line tells readers the file holds binary data.
  push('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n');
  const offsets: number[] = [];
  objects.forEach((pieces, index) => {
    offsets.push(length);
    push(`${index + 1} 0 obj\n`);
    for (const piece of pieces) push(piece);
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
