import { describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { markdownToPdfContent, printableImage, renderPdf } from './pdf-renderer.js';
import { pdfPages, pdfText } from '../../test/pdf-text.js';
import { brokenImages, tinyJpeg, tinyPng } from '../../test/images.js';

const markdown = [
  '# Care instructions',
  '',
  'Dear **Jane Doe**, thank you for trusting us with *Biscuit*.',
  '',
  '- Keep warm',
  '- Fresh water',
  '',
  '1. First visit',
  '2. Second visit',
  '',
  '| Item | Price |',
  '| --- | ---: |',
  '| Paw print | $25.00 |',
  '| Urn & box | $120.00 |',
].join('\n');

describe('renderPdf', () => {
  it('prints the letterhead, the title, the Markdown body with its table, and page numbers', async () => {
    const pdf = await renderPdf({
      page: {
        pageSize: 'LETTER',
        orientation: 'portrait',
        header: '**Willow Pet Care**  \n12 Oak Street',
        footer: 'Thank you',
        showPageNumbers: true,
        logo: { data: tinyPng(), contentType: 'image/png' },
      },
      title: 'Aftercare letter',
      content: markdownToPdfContent(markdown),
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the logo is embedded as an image; the fonts are the standard ones, referenced by name
    expect(pdf.toString('latin1')).toMatch(/\/Subtype \/Image/);
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/Helvetica/);
    expect(pdf.toString('latin1')).not.toMatch(/\/FontFile/);
    const text = await pdfText(pdf);
    expect(text).toContain('Willow Pet Care');
    expect(text).toContain('12 Oak Street');
    expect(text).toContain('Aftercare letter');
    expect(text).toContain('Care instructions');
    expect(text).toContain('Jane Doe');
    expect(text).toContain('Keep warm');
    expect(text).toContain('Second visit');
    expect(text).toContain('Paw print');
    expect(text).toContain('Urn & box');
    expect(text).toContain('$120.00');
    expect(text).toContain('Thank you');
    expect(text).toContain('Page 1 of 1');
  });

  it('numbers every page of a long document and leaves numbers out when the page says so', async () => {
    const long = Array.from({ length: 120 }, (_, i) => `Paragraph number ${i + 1}.`).join('\n\n');
    const numbered = await pdfPages(
      await renderPdf({
        page: { pageSize: 'A4', orientation: 'landscape', showPageNumbers: true },
        title: 'Long',
        content: markdownToPdfContent(long),
      }),
    );
    expect(numbered.length).toBeGreaterThan(1);
    expect(numbered[0]).toContain(`Page 1 of ${numbered.length}`);
    expect(numbered.at(-1)).toContain(`Page ${numbered.length} of ${numbered.length}`);

    const plainPdf = await renderPdf({
      page: { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: false },
      title: 'Plain',
      content: markdownToPdfContent('Just text.'),
    });
    expect(plainPdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    const plain = await pdfText(
      await renderPdf({
        page: { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: false },
        title: 'Plain',
        content: markdownToPdfContent('Just text.'),
      }),
    );
    expect(plain).toContain('Just text.');
    expect(plain).not.toContain('Page 1 of');
  });

  it('keeps only http(s), mailto and tel links: a javascript: link prints as its text', async () => {
    const pdf = await renderPdf({
      page: { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: false },
      title: 'Links',
      content: markdownToPdfContent('[Pay here](javascript:alert(1)) [Site](https://clinic.example/) [Mail](mailto:desk@clinic.example) [Call](tel:+15550100) [Data](data:text/html,x)'),
    });
    const raw = Buffer.from(pdf).toString('latin1');
    const uris = [...raw.matchAll(/\/URI \(([^)]*)\)/g)].map((m) => m[1]);
    expect(uris).toEqual(['https://clinic.example/', 'mailto:desk@clinic.example', 'tel:+15550100']);
    expect(await pdfText(pdf)).toContain('Pay here Site Mail Call Data');
  });

  it('prints raw HTML as the text it is, as the HTML path shows it', async () => {
    const text = await pdfText(
      await renderPdf({
        page: { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: false },
        title: 'Tags',
        content: markdownToPdfContent('Dear <b>Jane</b>, see <Rover>.\n\n<div>block</div>'),
      }),
    );
    // (the text comes back in runs, spaced apart: compared without spaces)
    const printed = text.replace(/\s+/g, '');
    expect(printed).toContain('Dear<b>Jane</b>,see<Rover>.');
    expect(printed).toContain('<div>block</div>');
  });

  it('fetches nothing a template names: an image in the Markdown prints its alt text', async () => {
    const text = await pdfText(
      await renderPdf({
        page: { pageSize: 'LETTER', orientation: 'portrait', showPageNumbers: false },
        title: 'Images',
        content: markdownToPdfContent('See ![the clinic map](http://127.0.0.1:9/map.png) and ![secret](/etc/passwd).'),
      }),
    );
    expect(text).toContain('the clinic map');
    expect(text).not.toContain('root:');
  });
});

describe('images arriving for the PDFs (decision 0146)', () => {
  it('accepts whole PNGs (with and without transparency) and JPEGs', async () => {
    const withAlpha = new PNG({ width: 30, height: 12 });
    withAlpha.data.fill(90);
    expect(await printableImage(tinyPng(6, 3))).toBe('image/png');
    expect(await printableImage(PNG.sync.write(withAlpha))).toBe('image/png');
    expect(await printableImage(tinyJpeg(20, 10))).toBe('image/jpeg');
  });

  it.each(Object.entries(brokenImages()))('refuses %s', async (_, bytes) => {
    expect(await printableImage(bytes)).toBeUndefined();
  });

  it('refuses other formats', async () => {
    expect(await printableImage(Buffer.from('GIF89a tiny'))).toBeUndefined();
    expect(await printableImage(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });

  it('a broken logo stored before images were checked is left out: the PDF still prints', async () => {
    const broken = brokenImages()['garbage after a PNG header']!;
    const pdf = await renderPdf({
      page: { pageSize: 'A4', orientation: 'portrait', header: 'Willow Pet Care', showPageNumbers: false, logo: { data: broken, contentType: 'image/png' } },
      title: 'Aftercare letter',
      content: markdownToPdfContent('Dear Jane'),
    });
    expect(pdf.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    expect(await pdfText(pdf)).toContain('Willow Pet Care');
  });
});
