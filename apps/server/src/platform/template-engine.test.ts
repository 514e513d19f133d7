import { describe, expect, it } from 'vitest';
import { MERGE_FIELD_GROUPS, TEMPLATE_KINDS, TEMPLATE_MERGE_GROUPS, sampleMergeData } from '@willow/contracts';
import {
  TEMPLATE_OUTPUT_MAX,
  TemplateRenderError,
  checkTemplate,
  plainMergeData,
  renderEmailParts,
  renderMarkdown,
  renderMarkdownTemplate,
  renderTemplate,
} from './template-engine.js';

const data = { client: { firstName: 'Maria', lastName: 'Alvarez' }, patient: { name: 'Biscuit' } };

async function refusal(source: string, d: Record<string, unknown> = data): Promise<TemplateRenderError> {
  try {
    await renderTemplate(source, d);
  } catch (err) {
    expect(err).toBeInstanceOf(TemplateRenderError);
    return err as TemplateRenderError;
  }
  throw new Error(`rendered: ${source}`);
}

describe('merge fields', () => {
  it.each(TEMPLATE_KINDS)('renders every merge field a %s template offers, and accepts them all', async (kind) => {
    const sample = sampleMergeData(kind);
    for (const group of TEMPLATE_MERGE_GROUPS[kind]) {
      for (const [field, f] of Object.entries(MERGE_FIELD_GROUPS[group].fields)) {
        const source = `[{{ ${group}.${field} }}]`;
        expect(checkTemplate(source, kind)).toEqual([]);
        expect(await renderTemplate(source, sample)).toBe(`[${f.sample}]`);
      }
    }
  });

  it('reports merge fields the kind does not offer, by line; loop and assigned variables are fine', () => {
    const source = [
      'Dear {{ client.firstName }},',
      '{{ client.foo }}',
      '{% assign who = client.fullName | upcase %}{{ who }}',
      '{% for part in client.fullName | split: " " %}{{ part }}{{ forloop.index }}{% endfor %}',
      '{% capture c %}x{% endcapture %}{{ c }} {{ invoice.total }}',
      '{{ client.firstName.size }} {{ client }} {{ nothing }}',
    ].join('\n');
    expect(checkTemplate(source, 'note')).toEqual([
      { line: 2, message: 'unknown merge field client.foo' },
      { line: 5, message: 'unknown merge field invoice.total' },
      { line: 6, message: 'unknown merge field client' },
      { line: 6, message: 'unknown merge field nothing' },
    ]);
    expect(checkTemplate('{{ invoice.total }}', 'invoice')).toEqual([]);
    expect(checkTemplate('{{ client.firstName }}', 'pdf')).toEqual([{ line: 1, message: 'unknown merge field client.firstName' }]);
  });

  it('reports syntax errors with their line', () => {
    expect(checkTemplate('one\ntwo\n{% if client.firstName %}\nfour', 'email')).toEqual([
      { line: 3, message: expect.stringContaining('not closed') },
    ]);
    expect(checkTemplate('one\n{{ client.firstName | nope }}', 'email')).toEqual([{ line: 2, message: 'the nope filter is not allowed' }]);
    expect(checkTemplate('one\n\n{% endfor %}', 'email')).toEqual([{ line: 3, message: 'unexpected {% endfor %}' }]);
    expect(checkTemplate('{{ client.firstName', 'email')[0]!.line).toBe(1);
  });
});

describe('what a template cannot reach', () => {
  it('finds nothing through constructor, __proto__ or prototypes', async () => {
    const out = await renderTemplate(
      '[{{ constructor }}|{{ constructor.name }}|{{ client.constructor.name }}|{{ client.__proto__ }}|{{ __proto__.polluted }}' +
        '|{{ client["constructor"] }}|{{ client.hasOwnProperty }}|{{ client.toString }}|{{ client.firstName.constructor.name }}]',
      data,
    );
    expect(out).toBe('[||||||||]');
    // a whole group is not text
    expect(await renderTemplate('[{{ client }}]', data)).toBe('[]');
    expect(checkTemplate('{{ client.constructor.name }}', 'email')).toEqual([
      { line: 1, message: 'unknown merge field client.constructor.name' },
    ]);
  });

  it('hands the data over as JSON on null-prototype objects', () => {
    class Secretive {
      secret() {
        return 'x';
      }
      name = 'Biscuit';
    }
    const plain = plainMergeData({ patient: new Secretive() as unknown as Record<string, unknown>, when: new Date(0) });
    expect(Object.getPrototypeOf(plain)).toBeNull();
    expect(Object.getPrototypeOf(plain.patient)).toBeNull();
    expect(plain.patient).toEqual(Object.assign(Object.create(null), { name: 'Biscuit' }));
    expect(plain.when).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses include, render, layout and the other tags outside the allow-list', async () => {
    for (const tag of ['include', 'render', 'layout', 'block', 'tablerow', 'cycle', 'increment', 'echo', 'liquid']) {
      const source = `line\n{% ${tag} "x" %}`;
      expect(checkTemplate(source, 'email'), tag).toEqual([{ line: 2, message: `the ${tag} tag is not allowed` }]);
      expect((await refusal(source)).message).toBe(`the ${tag} tag is not allowed`);
    }
  });

  it('refuses filters outside the allow-list, concat and raw among them', async () => {
    for (const filter of ['concat', 'raw', 'json', 'inspect', 'push', 'where_exp', 'sha256']) {
      const source = `{{ client.firstName | ${filter} }}`;
      expect(checkTemplate(source, 'email')).toEqual([{ line: 1, message: `the ${filter} filter is not allowed` }]);
      expect((await refusal(source)).message).toBe(`the ${filter} filter is not allowed`);
    }
  });

  it('refuses range literals and date formats with a width, when saved and when rendered', async () => {
    const range = 'a\n{% for i in (1..100000000) %}{% endfor %}';
    expect(checkTemplate(range, 'email')).toEqual([{ line: 2, message: 'ranges like (1..5) are not allowed' }]);
    expect(await refusal(range)).toMatchObject({ line: 2, message: 'ranges like (1..5) are not allowed' });
    expect((await refusal('{% assign xs = (1..5) %}')).message).toBe('ranges like (1..5) are not allowed');
    // dots in quoted text are fine
    expect(await renderTemplate('{{ "wait..." | append: ".." }}', data)).toBe('wait.....');

    const wide = '{{ "2026-11-24" | date: "%5000000d" }}';
    expect(checkTemplate(wide, 'email')).toEqual([{ line: 1, message: 'date formats may not set a width (like %5d)' }]);
    expect((await refusal(wide)).message).toBe('date formats may not set a width (like %5d)');
    // the same format through a variable is refused when the filter runs
    expect((await refusal('{% assign f = "%-09000000Y" %}{{ "2026-11-24" | date: f }}')).message).toBe(
      'date formats may not set a width (like %5d)',
    );
    expect(await renderTemplate('{{ "2026-11-24T12:00:00Z" | date: "%Y-%m" }}', data)).toBe('2026-11');
  });
});

describe('limits', () => {
  const letters = 'a'.repeat(2_000);

  it('stops a huge loop, even with an empty body, within seconds', async () => {
    const started = Date.now();
    const err = await refusal(
      `{% assign xs = "${letters}" | split: "" %}{% for a in xs %}{% for b in xs %}{% for c in xs %}{% endfor %}{% endfor %}{% endfor %}done`,
    );
    expect(err.message).toMatch(/too long to render|repeats too much/);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('refuses 10 MB of output', async () => {
    const started = Date.now();
    const tenKb = 'x'.repeat(10_000);
    const err = await refusal(`{% assign xs = "${'a'.repeat(1_000)}" | split: "" %}{% for a in xs %}{{ "${tenKb}" }}{% endfor %}`);
    expect(err.message).toBe('the template makes too much text');
    const viaCapture = await refusal(
      `{% assign xs = "${'a'.repeat(1_000)}" | split: "" %}{% capture big %}{% for a in xs %}{{ "${tenKb}" }}{% endfor %}{% endcapture %}{{ big }}`,
    );
    expect(viaCapture.message).toMatch(/too much text/);
    expect(Date.now() - started).toBeLessThan(10_000);
    // just under the cap renders
    const fine = await renderTemplate(`{% assign xs = "${'a'.repeat(90)}" | split: "" %}{% for a in xs %}{{ "${tenKb}" }}{% endfor %}`, data);
    expect(fine.length).toBe(900_000);
    // captures that double themselves run into the memory limit, not out of memory
    const doubling = await refusal(
      `{% assign xs = "${'a'.repeat(60)}" | split: "" %}{% capture c %}x{% endcapture %}{% for a in xs %}{% capture c %}{{ c }}{{ c }}{% endcapture %}{% endfor %}{{ c | size }}`,
    );
    expect(doubling.message).toMatch(/too much text/);
    expect(fine.length).toBeLessThan(TEMPLATE_OUTPUT_MAX);
  }, 30_000);
});

describe('Markdown and email', () => {
  it('escapes merged values and raw HTML, and keeps only safe links', async () => {
    const html = await renderMarkdownTemplate(
      '# Dear {{ client.firstName }}\n\n<script>alert(1)</script>\n\n[pay](javascript:alert(1)) [site](https://example.com) ![x](javascript:1)',
      { client: { firstName: '<img src=x onerror=alert(1)>' } },
    );
    expect(html).toContain('<h1>Dear &lt;img src=x onerror=alert(1)&gt;</h1>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img|javascript:/);
    expect(html).toContain('<a href="https://example.com">site</a>');
    expect(renderMarkdown('**bold**')).toBe('<p><strong>bold</strong></p>\n');
  });

  it('renders an email as subject, HTML and a plain-text part', async () => {
    const parts = await renderEmailParts(
      { subject: 'About {{ patient.name }}\n', body: 'Hi **{{ client.firstName }}** & family' },
      { client: { firstName: 'Maria <3' }, patient: { name: 'Biscuit' } },
    );
    expect(parts).toEqual({
      subject: 'About Biscuit',
      html: '<p>Hi <strong>Maria &lt;3</strong> &amp; family</p>\n',
      text: 'Hi **Maria <3** & family',
    });
  });
});
