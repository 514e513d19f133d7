import { describe, expect, it } from 'vitest';
import { MERGE_FIELD_GROUPS, TEMPLATE_KINDS, TEMPLATE_MERGE_GROUPS, renderedHtmlDocument, sampleMergeData } from '@willow/contracts';
import { HttpError } from './errors.js';
import {
  LIMIT_MESSAGES,
  RENDER_STEP_LIMIT,
  TEMPLATE_OUTPUT_MAX,
  limitProblem,
  TemplateRenderError,
  checkTemplate,
  plainMergeData,
  renderTemplate,
} from './template-engine.js';
import { processorMs, RenderClock } from './template-render-clock.js';
import { renderEmailParts, renderMarkdown, renderMarkdownTemplate } from './template-markdown.js';

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
  });

  it('counts steps across nested loops: a loop over a split list inside another is refused, not run for a second', async () => {
    const started = Date.now();
    for (const body of ['', '{{ c }}', '{% if c %}{% endif %}']) {
      const err = await refusal(
        `{% assign xs = "${letters}" | split: "" %}\n{% for a in xs %}{% for b in xs %}{% for c in xs %}${body}{% endfor %}{% endfor %}{% endfor %}done`,
      );
      expect(err.message).toBe(LIMIT_MESSAGES.steps);
      expect(err.overLimit).toBe(true);
      // left uncaught it is the template's fault: 422, never a server error
      expect(err).toBeInstanceOf(HttpError);
      expect(err.status).toBe(422);
    }
    // captures and empty loops count too
    expect((await refusal(`{% assign xs = "${letters}" | split: "" %}{% for a in xs %}{% capture x %}{% for b in xs %}{% endfor %}{% endcapture %}{% endfor %}`)).message).toBe(
      LIMIT_MESSAGES.steps,
    );
    // what a real template does stays well inside: 1 000 rows of an invoice-like table
    const rows = await renderTemplate(`{% assign xs = "${'a'.repeat(1_000)}" | split: "" %}{% for a in xs %}| {{ a }} | {% if a %}x{% endif %} |\n{% endfor %}`, data);
    expect(rows.split('\n')).toHaveLength(1_001);
    expect(RENDER_STEP_LIMIT).toBeGreaterThanOrEqual(10_000);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('lets the event loop run other work while a long render goes on', async () => {
    let turns = 0;
    let counting = true;
    const tick = () => {
      turns += 1;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    // just inside the step budget: a few thousand loop passes with a little in each
    const out = await renderTemplate(`{% assign xs = "${'a'.repeat(4_000)}" | split: "" %}{% for a in xs %}{{ a }}{% endfor %}`, data);
    counting = false;
    expect(out).toHaveLength(4_000);
    expect(turns).toBeGreaterThan(3);
  });

  it('counts a render’s own time against the time limit, not the work done while it pauses', async () => {
    // Other work holds the event loop for 200 ms at each of the render's eight pauses: 1.6 s from
    // start to end, which the time since the render began (liquidjs's measure) refused as too long.
    let busy = true;
    const hold = () => {
      const until = performance.now() + 200;
      while (performance.now() < until) {
        // another request's work
      }
      if (busy) setImmediate(hold);
    };
    setImmediate(hold);
    const started = performance.now();
    const out = await renderTemplate(`{% assign xs = "${'a'.repeat(4_000)}" | split: "" %}{% for a in xs %}{{ a }}{% endfor %}`, data);
    busy = false;
    expect(out).toHaveLength(4_000);
    expect(performance.now() - started).toBeGreaterThan(1_000);
  });

  it('stops a render whose own time runs over, in one turn or over several', () => {
    // Until the process has used `ms` of processor time: on a loaded machine that takes longer.
    const spin = (ms: number) => {
      const until = processorMs() + ms;
      while (processorMs() < until) {
        // the render's work
      }
    };
    // Within a turn the clock counts the time since the turn began: 60 ms of it, however busy the machine.
    const inOneTurn = new RenderClock(50);
    const turnEnds = performance.now() + 60;
    while (performance.now() < turnEnds) {
      // the render's work
    }
    expect(() => inOneTurn.check(performance.now())).toThrow('template render limit exceeded');
    // Turns of 10 ms, six of them: the first three (30 ms) leave 20 ms of margin below the limit, for
    // what the process's other threads (the collector, the thread pool) use in the instant between a
    // turn's last step and its pause, which a loaded machine can stretch: with turns of 20 ms the
    // second (40 ms) was once refused. Six (60 ms) are over it.
    const overTurns = new RenderClock(50);
    for (let turn = 0; turn < 6; turn++) {
      spin(10);
      overTurns.pause();
      spin(100); // what runs while it pauses is not its time
      // Checked as of the moment it runs again, so only its ended turns count: on a loaded machine
      // the check itself may come many milliseconds after the resume.
      const resumedAt = performance.now();
      overTurns.resume();
      if (turn < 3) expect(() => overTurns.check(resumedAt)).not.toThrow();
    }
    expect(() => overTurns.check(performance.now())).toThrow('template render limit exceeded');
  });

  it('finds a template over the limits with the kind’s sample data, as saving does', async () => {
    const nested = `{% assign xs = "${letters}" | split: "" %}\n\n{% for a in xs %}{% for b in xs %}{% endfor %}{% endfor %}`;
    expect(await limitProblem(nested, 'email')).toEqual({ line: 3, message: LIMIT_MESSAGES.steps });
    expect(await limitProblem('Dear {{ client.firstName }}', 'email')).toBeNull();
    // a failure that depends on the data is left to the real render
    expect(await limitProblem('{{ 10 | divided_by: 0 }}', 'email')).toBeNull();
  });

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
  });
});

describe('merged values are text wherever they land', () => {
  const shady = { client: { firstName: '[Pay now](https://evil.example/pay)', lastName: '<b>Bold</b> *x* `y` # | www.evil.example a@evil.example' } };
  const source = 'Dear {{ client.firstName }} {{ client.lastName }}, [pay here]({{ link.payment }})';
  const linked = { ...shady, link: { payment: 'https://pay.example/p?a=1&b=2' } };

  it('in HTML: no link, tag, emphasis or autolink made of a value; a value as a link’s address still works', async () => {
    const html = await renderMarkdownTemplate(source, linked);
    expect(html).toBe(
      '<p>Dear [Pay now](https://evil.example/pay) &lt;b&gt;Bold&lt;/b&gt; *x* `y` # | www.evil.example a@evil.example, ' +
        '<a href="https://pay.example/p?a=1&amp;b=2">pay here</a></p>\n',
    );
    // a value on its own line starts no heading, list or quote
    expect(await renderMarkdownTemplate('{{ v }}', { v: '# Big\n\n- item\n\n> quote\n\n1. one' })).toBe('<p># Big</p>\n<p>- item</p>\n<p>&gt; quote</p>\n<p>1. one</p>\n');
  });

  it('in Markdown for a PDF: the escapes read back as the value', async () => {
    const md = await renderTemplate('**{{ client.firstName }}**', shady, { markdown: true });
    expect(md).toBe('**\\[Pay now\\]\\(https\\:\\/\\/evil\\.example\\/pay\\)**');
  });

  it('in plain text (SMS, an email’s text part): as written, no escapes', async () => {
    expect(await renderTemplate('Hi {{ client.firstName }} {{ client.lastName }}', shady)).toBe(`Hi ${shady.client.firstName} ${shady.client.lastName}`);
    const email = await renderEmailParts({ subject: '{{ client.firstName }}', body: '**{{ client.firstName }}**' }, shady);
    expect(email.subject).toBe(shady.client.firstName);
    expect(email.text).toBe(`**${shady.client.firstName}**`);
    expect(email.html).toContain('<strong>[Pay now](https://evil.example/pay)</strong>');
  });
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
      html: renderedHtmlDocument('<p>Hi <strong>Maria &lt;3</strong> &amp; family</p>\n'),
      text: 'Hi **Maria <3** & family',
    });
  });
});
