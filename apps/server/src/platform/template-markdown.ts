/**
 * SECURITY-CRITICAL: merged templates made into HTML, where a value or a template's own markup
 * could otherwise become a link or a tag.
 *
 * Apart from template-engine.ts (which runs the template and escapes every merged value as
 * Markdown) because this is the other half of the same promise: raw HTML written in a template is
 * shown as text, and links and images may point only at the web, mail and phone numbers. Every
 * Markdown template is rendered here, never through another Markdown instance.
 */
import { Marked, type Tokens } from 'marked';
import { renderedHtmlDocument } from '@willow/contracts';
import { renderTemplate, type MergeData } from './template-engine.js';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Links and images may point only at the web, mail and phone numbers (no `javascript:`). */
const SAFE_URL = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;
const safeUrl = (href: string) => (SAFE_URL.test(href.trim()) ? href.trim() : null);
/** A link a PDF keeps: the web, mail and phone numbers only (a PDF has no page of its own to be relative to). */
export const pdfLinkUrl = (href: string): string | null => (/^(https?:|mailto:|tel:)/i.test(href.trim()) ? href.trim() : null);

const markdown = new Marked({
  async: false,
  gfm: true,
  breaks: true,
  renderer: {
    // Raw HTML written in a template is shown as text, never passed through.
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link(this: { parser: { parseInline(t: Tokens.Link['tokens']): string } }, token: Tokens.Link) {
      const text = this.parser.parseInline(token.tokens);
      const href = safeUrl(token.href);
      if (!href) return text;
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<a href="${escapeHtml(href)}"${title}>${text}</a>`;
    },
    image(token: Tokens.Image) {
      const href = safeUrl(token.href);
      if (!href || !/^https?:/i.test(href)) return escapeHtml(token.text);
      const title = token.title ? ` title="${escapeHtml(token.title)}"` : '';
      return `<img src="${escapeHtml(href)}" alt="${escapeHtml(token.text)}"${title}>`;
    },
  },
});

/** Markdown to HTML; raw HTML in it is escaped and links are limited to safe schemes. */
export function renderMarkdown(md: string): string {
  return markdown.parse(md, { async: false }) as string;
}

/** A Markdown template merged (values Markdown-escaped) and made into HTML. */
export async function renderMarkdownTemplate(source: string, data: MergeData): Promise<string> {
  return renderMarkdown(await renderTemplate(source, data, { markdown: true }));
}

/**
 * An email's subject (one line), HTML page (what the editor's preview shows) and plain-text part
 * (the merged Markdown itself with its values as written, which reads well as text).
 */
export async function renderEmailParts(
  parts: { subject: string; body: string },
  data: MergeData,
): Promise<{ subject: string; html: string; text: string }> {
  const subject = (await renderTemplate(parts.subject, data, { maxOutput: 10_000 })).replace(/\s+/g, ' ').trim();
  const [html, text] = await Promise.all([renderMarkdownTemplate(parts.body, data), renderTemplate(parts.body, data)]);
  return { subject, html: renderedHtmlDocument(html), text };
}
