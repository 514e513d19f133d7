// Reads a PDF back in tests: the text of each page, as a reader would show it (pdfjs-dist's Node build).
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfPages(pdf: Uint8Array): Promise<string[]> {
  // pdfjs takes the array over: give it a copy so the caller's buffer stays usable.
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n += 1) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : ''))
          .join('')
          .replace(/[ \t]+/g, ' '),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

export async function pdfText(pdf: Uint8Array): Promise<string> {
  return (await pdfPages(pdf)).join('\n');
}
