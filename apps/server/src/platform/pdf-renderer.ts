// Makes PDFs on the server with pdfmake (decision 0098): no browser, no font files — the PDF
// standard fonts (Helvetica) every reader has, so nothing is downloaded or read from disk. The
// page (size, orientation, letterhead with the location's logo, footer, page numbers) comes from a
// PDF template; the body is Markdown (a document template after its merge fields are filled).
//
// Security: the content is built from user-written Markdown. pdfmake would fetch URLs and read
// local files named as images or fonts; both are refused here (the only image is the logo, passed
// as bytes), so a template cannot make the server read a file or call an address. Links keep
// only http(s), mailto and tel addresses (a `javascript:` link prints as its text), as in HTML.
// Raw HTML prints as the text it is, as the HTML path shows it: merged values arrive
// Markdown-escaped (template-engine.ts), so a value shaped like a tag prints as written.
import type { Column, Content, ContentText, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces.js';
import { Lexer, type Token, type Tokens } from 'marked';
import { decodableImage, type ImageType } from './image-check.js';
import { pdfLinkUrl } from './template-markdown.js';

/** The standard fonts pdfkit carries as metrics: nothing to embed or download. */
const STANDARD_FONT_FILES = new Set(['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique']);

/**
 * pdfmake (with pdfkit and its font metrics) takes about a second to load, so it is loaded when the
 * first PDF is made rather than with the server: start-up, and every process that never prints,
 * do not pay for it. Its fonts and its URL and file access policies are set here, once, before
 * anything is rendered.
 */
type Pdfmake = typeof import('pdfmake');
let pdfmakeReady: Promise<Pdfmake> | undefined;
function loadPdfmake() {
  pdfmakeReady ??= import('pdfmake').then(({ default: pdfmake }) => {
    pdfmake.setFonts({
      Helvetica: {
        normal: 'Helvetica',
        bold: 'Helvetica-Bold',
        italics: 'Helvetica-Oblique',
        bolditalics: 'Helvetica-BoldOblique',
      },
    });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_FILES.has(path));
    return pdfmake;
  });
  return pdfmakeReady;
}

export type PdfPageSize = 'LETTER' | 'A4';
export type PdfOrientation = 'portrait' | 'landscape';
export type PdfLogo = { data: Buffer; contentType: string };

export type PdfPage = {
  pageSize: PdfPageSize;
  orientation: PdfOrientation;
  /** letterhead text beside the logo (Markdown) */
  header?: string;
  /** text at the foot of every page (Markdown) */
  footer?: string;
  showPageNumbers: boolean;
  logo?: PdfLogo;
};

export type RenderPdfInput = {
  page: PdfPage;
  /** the document's title: the PDF's metadata, and a heading on its first page unless `titleHeading` is false */
  title: string;
  /** false: the content brings its own heading (a letter made from a template) */
  titleHeading?: boolean;
  content: Content;
};

const LOGO_TYPES = new Set(['image/png', 'image/jpeg']);
const MARGIN_X = 50;
const FOOTER_HEIGHT = 50;

/** The PDF as bytes. */
export async function renderPdf(input: RenderPdfInput): Promise<Buffer> {
  const { page } = input;
  const letterhead = letterheadContent(page);
  const footerText = page.footer?.trim() ? markdownToPdfContent(page.footer, { fontSize: 8 }) : undefined;
  const definition: TDocumentDefinitions = {
    info: { title: input.title },
    pageSize: page.pageSize,
    pageOrientation: page.orientation,
    pageMargins: [MARGIN_X, 50, MARGIN_X, FOOTER_HEIGHT + 10],
    defaultStyle: { font: 'Helvetica', fontSize: 10.5, lineHeight: 1.2 },
    styles: STYLES,
    content: [
      ...(letterhead ? [letterhead] : []),
      ...(input.titleHeading === false ? [] : [{ text: input.title, style: 'title' }]),
      input.content,
    ],
    footer:
      footerText || page.showPageNumbers
        ? (currentPage: number, pageCount: number): Content => ({
            margin: [MARGIN_X, 10, MARGIN_X, 0],
            columns: [
              footerText ? { width: '*', stack: [footerText] } : { width: '*', text: '' },
              page.showPageNumbers
                ? { width: 'auto', text: `Page ${currentPage} of ${pageCount}`, fontSize: 8, alignment: 'right' }
                : { width: 'auto', text: '' },
            ],
            columnGap: 10,
          })
        : undefined,
  };
  const pdfmake = await loadPdfmake();
  return pdfmake.createPdf(definition).getBuffer();
}

/**
 * Whether an image arriving (a logo, a drawn signature) prints: decoded in full, then laid into a
 * throwaway PDF as a letterhead lays a logo, through pdfmake's and pdfkit's own image readers
 * (decision 0146). Its type, or undefined.
 */
export async function printableImage(data: Buffer): Promise<ImageType | undefined> {
  const type = decodableImage(data);
  if (!type) return undefined;
  try {
    await renderPdf({
      page: { pageSize: 'A4', orientation: 'portrait', showPageNumbers: false, logo: { data, contentType: type } },
      title: 'Image check',
      titleHeading: false,
      content: '',
    });
  } catch {
    return undefined;
  }
  return type;
}

/**
 * The logo (when it is an image pdfkit can read) beside the header text, above the body. A logo
 * stored before images were decoded on arrival, and broken, is left out rather than failing the
 * PDF (pdfkit's PNG reader fails where nothing can catch it).
 */
function letterheadContent(page: PdfPage): Content | undefined {
  const logo = page.logo && LOGO_TYPES.has(page.logo.contentType) && decodableImage(page.logo.data) === page.logo.contentType ? page.logo : undefined;
  const header = page.header?.trim() ? markdownToPdfContent(page.header, { fontSize: 9 }) : undefined;
  if (!logo && !header) return undefined;
  const columns: Column[] = [];
  if (logo) {
    // an image's own `width` is its size in points, so the column's width sits on a stack around it
    columns.push({
      width: 'auto',
      stack: [{ image: `data:${logo.contentType};base64,${logo.data.toString('base64')}`, fit: [140, 60] }],
    });
  }
  columns.push({ width: '*' as const, stack: header ? [header] : [], alignment: logo ? ('right' as const) : ('left' as const) });
  return { columns, columnGap: 16, margin: [0, 0, 0, 18] };
}

const STYLES: TDocumentDefinitions['styles'] = {
  title: { fontSize: 18, bold: true, margin: [0, 0, 0, 12] },
  h1: { fontSize: 16, bold: true, margin: [0, 10, 0, 6] },
  h2: { fontSize: 14, bold: true, margin: [0, 8, 0, 5] },
  h3: { fontSize: 12, bold: true, margin: [0, 6, 0, 4] },
  h4: { fontSize: 11, bold: true, margin: [0, 6, 0, 3] },
  tableHeader: { bold: true, fillColor: '#eeeeee' },
  code: { font: 'Helvetica', color: '#333333' },
};

type InlineStyle = { bold?: boolean; italics?: boolean; decoration?: 'lineThrough' | 'underline'; color?: string; link?: string };
type Options = { fontSize?: number };

/**
 * Markdown (headings, paragraphs, bold and italic, lists, tables, quotes, rules) as pdfmake
 * content. Raw HTML in the Markdown is printed as its text, tags and all: a PDF has no HTML.
 */
export function markdownToPdfContent(markdown: string, options: Options = {}): Content {
  const tokens = new Lexer({ gfm: true }).lex(markdown);
  const stack = blocks(tokens);
  return options.fontSize ? { stack, fontSize: options.fontSize } : { stack };
}

function blocks(tokens: Token[]): Content[] {
  const out: Content[] = [];
  for (const token of tokens) {
    const block = blockContent(token);
    if (block) out.push(block);
  }
  return out;
}

function blockContent(token: Token): Content | undefined {
  switch (token.type) {
    case 'heading': {
      const t = token as Tokens.Heading;
      return { text: inlines(t.tokens), style: `h${Math.min(t.depth, 4)}` };
    }
    case 'paragraph': {
      const t = token as Tokens.Paragraph;
      return { text: inlines(t.tokens), margin: [0, 0, 0, 8] };
    }
    case 'text': {
      const t = token as Tokens.Text;
      return { text: t.tokens ? inlines(t.tokens) : t.text, margin: [0, 0, 0, 8] };
    }
    case 'list': {
      const t = token as Tokens.List;
      const items = t.items.map((item) => listItem(item));
      return t.ordered
        ? { ol: items, start: typeof t.start === 'number' ? t.start : 1, margin: [0, 0, 0, 8] }
        : { ul: items, margin: [0, 0, 0, 8] };
    }
    case 'table': {
      const t = token as Tokens.Table;
      const header: TableCell[] = t.header.map((cell) => ({
        text: inlines(cell.tokens),
        style: 'tableHeader',
        alignment: cell.align ?? 'left',
      }));
      const rows: TableCell[][] = t.rows.map((row) =>
        row.map((cell) => ({ text: inlines(cell.tokens), alignment: cell.align ?? 'left' })),
      );
      return {
        table: { headerRows: 1, widths: header.map(() => '*'), body: [header, ...rows] },
        layout: 'lightHorizontalLines',
        margin: [0, 0, 0, 10],
      };
    }
    case 'blockquote': {
      const t = token as Tokens.Blockquote;
      return { stack: blocks(t.tokens), margin: [16, 0, 0, 8], color: '#444444', italics: true };
    }
    case 'code': {
      const t = token as Tokens.Code;
      return { text: t.text, style: 'code', margin: [0, 0, 0, 8], preserveLeadingSpaces: true };
    }
    case 'hr':
      return {
        canvas: [{ type: 'line', x1: 0, y1: 0, x2: 500, y2: 0, lineWidth: 0.5, lineColor: '#999999' }],
        margin: [0, 6, 0, 10],
      };
    case 'html': {
      const text = (token as Tokens.HTML).text.trim();
      return text ? { text, margin: [0, 0, 0, 8] } : undefined;
    }
    case 'space':
    default:
      return undefined;
  }
}

function listItem(item: Tokens.ListItem): Content {
  // A tight list item holds 'text' tokens; a loose one paragraphs: both become the item's stack,
  // without the paragraph gap, and a nested list sits under its item.
  const parts = item.tokens
    .map((token): Content | undefined => {
      if (token.type === 'text' || token.type === 'paragraph') {
        const t = token as Tokens.Text | Tokens.Paragraph;
        return { text: t.tokens ? inlines(t.tokens) : t.text };
      }
      return blockContent(token);
    })
    .filter((c): c is Content => c !== undefined);
  const prefix = item.task ? (item.checked ? '[x] ' : '[ ] ') : '';
  if (prefix && parts[0] && typeof parts[0] === 'object' && 'text' in parts[0]) {
    const first = parts[0] as ContentText;
    parts[0] = { ...first, text: [prefix, ...(Array.isArray(first.text) ? first.text : [first.text])] } as Content;
  }
  return parts.length === 1 ? parts[0]! : { stack: parts };
}

/** Inline tokens as pdfmake text runs, carrying bold/italic/strike/link down to the text. */
function inlines(tokens: Token[] | undefined, style: InlineStyle = {}): ContentText['text'] {
  const runs: ContentText[] = [];
  const push = (text: string, extra: InlineStyle = {}) => {
    if (!text) return;
    const run = { text, ...style, ...extra };
    // Text next to text of the same style is one run (an escaped character is a token of its
    // own): the PDF's text then reads, copies and searches as one word, not as pieces.
    const last = runs.at(-1);
    if (last && typeof last.text === 'string' && sameStyle(last, run)) last.text += text;
    else runs.push(run);
  };
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'strong':
        runs.push({ text: inlines((token as Tokens.Strong).tokens, { ...style, bold: true }) });
        break;
      case 'em':
        runs.push({ text: inlines((token as Tokens.Em).tokens, { ...style, italics: true }) });
        break;
      case 'del':
        runs.push({ text: inlines((token as Tokens.Del).tokens, { ...style, decoration: 'lineThrough' }) });
        break;
      case 'link': {
        const t = token as Tokens.Link;
        const href = pdfLinkUrl(t.href);
        runs.push({ text: href ? inlines(t.tokens, { ...style, color: '#1a4f8b', decoration: 'underline', link: href }) : inlines(t.tokens, style) });
        break;
      }
      case 'codespan':
        push(decodeEntities((token as Tokens.Codespan).text), { color: '#333333' });
        break;
      case 'br':
        push('\n');
        break;
      case 'text': {
        const t = token as Tokens.Text;
        if (t.tokens && t.tokens.length > 0) runs.push({ text: inlines(t.tokens, style) });
        else push(decodeEntities(t.text));
        break;
      }
      case 'escape':
        push(decodeEntities((token as Tokens.Escape).text));
        break;
      case 'html':
        push((token as Tokens.Tag).text);
        break;
      case 'image': {
        // Images in a document body are not fetched (see the top of the file): their alt text stands in.
        push((token as Tokens.Image).text);
        break;
      }
      default:
        push('raw' in token ? String(token.raw) : '');
    }
  }
  return runs;
}

const sameStyle = (a: ContentText, b: ContentText) => {
  const { text: _a, ...styleA } = a;
  const { text: _b, ...styleB } = b;
  return JSON.stringify(styleA) === JSON.stringify(styleB);
};

/** marked leaves the entities of &, <, >, " and ' in text; a PDF prints characters. */
function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
