/**
 * SECURITY-CRITICAL: the one place where text written by users (templates) is run on the server.
 *
 * Every template (email, SMS, note, document, PDF page, invoice notes, form clauses) goes through
 * this module, never through another Liquid instance (docs/decisions/0094). What keeps it safe:
 * - one LiquidJS configuration: `ownPropertyOnly` (no prototype lookups), `strictFilters`
 *   (an unknown filter is a syntax error), no file system (an empty in-memory template mapping;
 *   the include/render/layout tags are not even registered), and limits on parse length, render
 *   time and memory;
 * - a budget of render steps counted across nested loops (every tag, output and text rendered and
 *   every pass of a loop, empty or not): a render does a bounded amount of work, so it cannot hold
 *   the event loop (and every other request) for the render time limit; a template over it is
 *   refused, a 422 for whoever asked;
 * - an allow-list of tags and filters: everything else is unregistered, so it fails to parse;
 * - checks beyond the limits, because some of them have been bypassed before (CVE-2026-44645: for
 *   loops with an empty body escaped the render time limit; CVE-2026-45357: a width such as
 *   `%5000000d` in a date format allocated unbounded padding): range literals `(1..N)` are refused
 *   anywhere, date formats with a width are refused both when read and when the filter runs;
 * - the merged data handed in as plain JSON re-built on null-prototype objects, so
 *   `{{ constructor }}` or `{{ client.constructor.name }}` find nothing to reach;
 * - merged values are text wherever they land: in Markdown (which becomes HTML or a PDF) every
 *   ASCII punctuation character of a value is backslash-escaped, so a client named
 *   `[Pay now](https://evil.example)` or `<b>` prints as written, never as a link or a tag;
 * - an output cap, checked as the output is written (not after it has been built).
 * The checks run when a template is saved (`checkTemplate`) AND before every render
 * (`renderTemplate`), so a template stored before a rule existed cannot slip past it.
 * Merged Markdown becomes HTML in template-markdown.ts (raw HTML escaped, links limited).
 */
import {
  CaptureTag,
  Context,
  Liquid,
  analyzeSync,
  filters as builtinFilters,
  toPromise,
  toValueSync,
  type Template,
} from 'liquidjs';
import { MERGE_FIELD_GROUPS, TEMPLATE_MERGE_GROUPS, sampleMergeData, type TemplateKind } from '@willow/contracts';
import { HttpError } from './errors.js';
import { RenderClock } from './template-render-clock.js';

/** A problem of a template, by line (null: the whole template). */
export interface TemplateProblem {
  line: number | null;
  message: string;
}

/** What a template over one of the render limits is told (its work, its time or its text). */
export const LIMIT_MESSAGES = {
  steps: 'the template repeats too much',
  time: 'the template takes too long to render',
  text: 'the template makes too much text',
} as const;
const OVER_LIMIT = new Set<string>(Object.values(LIMIT_MESSAGES));

/**
 * Why a template could not be rendered; `line` where the template says where. It is the
 * template's fault, not the server's: left uncaught it answers 422 with its message.
 */
export class TemplateRenderError extends HttpError {
  constructor(
    message: string,
    readonly line: number | null = null,
  ) {
    super(422, message);
    this.name = 'TemplateRenderError';
  }

  /** The template is over a render limit (steps, time, text), rather than failing on its data. */
  get overLimit(): boolean {
    return OVER_LIMIT.has(this.message);
  }
}

/** The longest output a render may produce (characters). */
export const TEMPLATE_OUTPUT_MAX = 1_000_000;
/** The longest template source the parser accepts (characters); the contracts allow 50 000. */
const PARSE_LIMIT = 200_000;
/**
 * Render time per template (ms): a backstop only. Real templates render in well under 10 ms, and the
 * step budget below ends any render long before this (the time limit is checked between steps, on
 * the event loop every request shares, so it must never be what stops a render). It counts the
 * render's own time (RenderClock), not the time since it began.
 */
const RENDER_LIMIT_MS = 1_000;
/**
 * Render steps per call, counted across nested loops: every tag, output and text node rendered and
 * every pass of a loop (an empty body included). A letter takes a few hundred, an invoice of 100
 * lines a few thousand; 20 000 take about 100 ms on a busy server.
 */
export const RENDER_STEP_LIMIT = 20_000;
/** Every this many steps a render lets the event loop run what waits (other requests, timers). */
const STEPS_PER_TURN = 500;
/** Characters allocated by filters, ranges, joins and date padding per render. */
const MEMORY_LIMIT = 5_000_000;
/** At most this many problems are reported for one template. */
const MAX_PROBLEMS = 20;

/** The tags a template may use; `else`, `elsif`, `when` and `end…` belong to them. */
const ALLOWED_TAGS = ['if', 'unless', 'case', 'for', 'break', 'continue', 'assign', 'capture', 'comment', 'raw', '#'] as const;

/**
 * The filters a template may use: text, numbers and dates. Not `raw` (it would undo HTML escaping),
 * `json`/`jsonify`/`inspect` (they dump whole objects), `concat`/`push`/… (array growth), the
 * expression filters (`where_exp`…), hashes and base64 (no use in a letter).
 */
const ALLOWED_FILTERS = [
  'escape', 'escape_once', 'newline_to_br', 'strip_html', 'url_encode', 'url_decode',
  'abs', 'at_least', 'at_most', 'ceil', 'divided_by', 'floor', 'minus', 'plus', 'modulo', 'times', 'round', 'to_integer',
  'join', 'first', 'last', 'reverse', 'size', 'slice', 'uniq', 'compact',
  'date', 'date_to_string', 'date_to_long_string',
  'append', 'prepend', 'lstrip', 'rstrip', 'strip', 'downcase', 'upcase', 'capitalize', 'remove', 'remove_first',
  'remove_last', 'split', 'strip_newlines', 'squish', 'replace', 'replace_first', 'replace_last', 'truncate',
  'truncatewords', 'normalize_whitespace', 'number_of_words', 'default',
] as const;

/** A strftime conversion with a width (`%5d`, `%-010Y`): refused, see CVE-2026-45357 above. */
const DATE_WIDTH = /%[-_0^#:]*\d/;
const DATE_WIDTH_MESSAGE = 'date formats may not set a width (like %5d)';
const RANGE_MESSAGE = 'ranges like (1..5) are not allowed';

type FilterFn = (this: unknown, ...args: unknown[]) => unknown;

/**
 * `capture` builds its text apart from the output: it is capped like the output, and what it
 * keeps counts against the render's memory limit, so captures in a loop cannot grow unseen.
 */
class CappedCapture extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    const emitter = new CappedEmitter(TEMPLATE_OUTPUT_MAX);
    yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
    ctx.memoryLimit.use(emitter.buffer.length);
    (ctx.bottom() as Record<string, unknown>)[this.variable] = emitter.buffer;
  }
}

/** Over the render step budget; `describeLiquidError` turns it into LIMIT_MESSAGES.steps. */
class StepLimitExceeded extends Error {
  constructor() {
    super('render step limit exceeded');
  }
}

/** The steps each render has taken, by its context (a render is one context, loops included). */
const stepsTaken = new WeakMap<Context, number>();

/** Each render's clock, by its context. */
const renderClocks = new WeakMap<Context, RenderClock>();

/**
 * Counts every call of the renderer (each loop pass is one, even with nothing in it) and every
 * template it renders against the render's step budget, before the work is done. Every
 * STEPS_PER_TURN steps it yields a macrotask: liquidjs awaits what a renderer yields, so a long
 * render is interleaved with the other requests instead of holding the process.
 */
function countRenderSteps(engine: Liquid): void {
  const renderer = engine.renderer;
  const renderTemplates = renderer.renderTemplates.bind(renderer);
  renderer.renderTemplates = function* (templates: Template[], ctx: Context, emitter?: Parameters<typeof renderTemplates>[2]) {
    const before = stepsTaken.get(ctx) ?? 0;
    const steps = before + 1 + templates.length;
    if (steps > RENDER_STEP_LIMIT) throw new StepLimitExceeded();
    stepsTaken.set(ctx, steps);
    if (Math.floor(steps / STEPS_PER_TURN) > Math.floor(before / STEPS_PER_TURN)) {
      const clock = renderClocks.get(ctx);
      clock?.pause();
      yield new Promise<void>((resolve) => setImmediate(resolve));
      clock?.resume();
    }
    return yield* renderTemplates(templates, ctx, emitter);
  } as typeof renderer.renderTemplates;
}

/**
 * A merged value as Markdown text: every ASCII punctuation character backslash-escaped (CommonMark
 * lets any of them be), so nothing in a value starts a link, an emphasis, a heading, a list, a
 * table cell, an autolink or an HTML tag. marked prints the escaped characters as themselves (and
 * HTML-escapes them), and un-escapes them in a link's address (`[Pay]({{ link.payment }})`).
 */
export function escapeMarkdown(value: unknown): string {
  return textOf(value).replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

function createEngine(escapeOutput: 'markdown' | 'none'): Liquid {
  const engine = new Liquid({
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    // No file system: lookups go to this empty mapping (and the tags that look up are removed).
    templates: {},
    relativeReference: false,
    dynamicPartials: false,
    cache: false,
    parseLimit: PARSE_LIMIT,
    renderLimit: RENDER_LIMIT_MS,
    memoryLimit: MEMORY_LIMIT,
    greedy: false,
    ...(escapeOutput === 'markdown' ? { outputEscape: escapeMarkdown } : {}),
  });
  countRenderSteps(engine);
  const allowedTags = new Set<string>(ALLOWED_TAGS);
  for (const name of Object.keys(engine.tags)) if (!allowedTags.has(name)) delete engine.tags[name];
  const allowedFilters = new Set<string>(ALLOWED_FILTERS);
  for (const name of Object.keys(engine.filters)) if (!allowedFilters.has(name)) delete engine.filters[name];
  engine.registerTag('capture', CappedCapture);
  const date = builtinFilters.date as unknown as FilterFn;
  engine.registerFilter('date', function (this: unknown, ...args: unknown[]) {
    const format = args[1];
    if (typeof format === 'string' && DATE_WIDTH.test(format)) throw new Error(DATE_WIDTH_MESSAGE);
    return date.apply(this, args);
  });
  return engine;
}

/** Plain text (SMS, subjects, the plain-text part of an email, form clauses): values as they are. */
const textEngine = createEngine('none');
/** Markdown that becomes HTML or a PDF: every merged value is Markdown-escaped on the way out. */
const markdownEngine = createEngine('markdown');

// ---------- reading a template ----------

const POSITION_SUFFIX = /,? line:\d+, col:\d+$/;

/** The line of a liquidjs error and its message without the position liquidjs appends. */
function describeLiquidError(err: unknown): TemplateProblem {
  const e = err as { message?: string; token?: { getPosition?: () => [number, number] }; originalError?: Error };
  let line: number | null = null;
  try {
    const pos = e.token?.getPosition?.();
    if (pos) line = pos[0] ?? null;
  } catch {
    line = null;
  }
  const original = e.originalError?.message ?? e.message ?? 'the template could not be read';
  let message = original.split('\n')[0]!.replace(POSITION_SUFFIX, '');
  const tag = /^tag "([^"]+)" not found/.exec(message);
  if (tag) message = /^(end\w*|else|elsif|when)$/.test(tag[1]!) ? `unexpected {% ${tag[1]} %}` : `the ${tag[1]} tag is not allowed`;
  const filter = /^undefined filter: (\S+)/.exec(message);
  if (filter) message = `the ${filter[1]} filter is not allowed`;
  if (/template render limit exceeded/.test(message)) message = LIMIT_MESSAGES.time;
  if (/render step limit exceeded/.test(message)) message = LIMIT_MESSAGES.steps;
  if (/memory alloc limit exceeded/.test(message)) message = LIMIT_MESSAGES.text;
  if (/parse length limit exceeded/.test(message)) message = 'the template is too long';
  return { line, message };
}

function parse(engine: Liquid, source: string): Template[] {
  return engine.parse(source);
}

/** The templates a tag holds (if branches, loop bodies, captures). */
function childrenOf(tpl: Template): Template[] {
  if (!tpl.children) return [];
  return toValueSync(tpl.children(false, true) as unknown as Generator<unknown, Template[]>) ?? [];
}

/** The markup of a tag or output, e.g. `x in (1..5)` or ` client.firstName | date: '%Y' `. */
function markupOf(tpl: Template): string {
  const token = tpl.token as unknown as { args?: string; content?: string; kind?: number; name?: string };
  if (typeof token.args === 'string') return token.args;
  // Outputs carry their expression in `content`; text (HTML) tokens are left alone.
  if ((tpl as unknown as { value?: unknown }).value !== undefined && typeof token.content === 'string') return token.content;
  return '';
}

function lineOf(tpl: Template): number | null {
  try {
    return tpl.token.getPosition()[0] ?? null;
  } catch {
    return null;
  }
}

const QUOTED = /'[^']*'|"[^"]*"/g;

/** The checks the render limits are not trusted with: ranges and date widths. */
function safetyProblems(templates: Template[]): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const visit = (list: Template[]) => {
    for (const tpl of list) {
      const markup = markupOf(tpl);
      if (markup) {
        if (/\.\./.test(markup.replace(QUOTED, "''"))) problems.push({ line: lineOf(tpl), message: RANGE_MESSAGE });
        for (const m of markup.matchAll(/\bdate\s*:\s*('([^']*)'|"([^"]*)")/g)) {
          if (DATE_WIDTH.test(m[2] ?? m[3] ?? '')) problems.push({ line: lineOf(tpl), message: DATE_WIDTH_MESSAGE });
        }
      }
      visit(childrenOf(tpl));
    }
  };
  visit(templates);
  return problems;
}

/** Names a field may be followed by: `{{ client.firstName.size }}`. */
const FIELD_PROPERTIES = new Set(['size', 'first', 'last']);

function mergeFieldProblems(templates: Template[], kind: TemplateKind): TemplateProblem[] {
  const problems: TemplateProblem[] = [];
  const groups = new Set<string>(TEMPLATE_MERGE_GROUPS[kind]);
  const { globals } = analyzeSync(templates, { partials: false });
  for (const [root, uses] of Object.entries(globals)) {
    for (const v of uses) {
      const segments = v.segments;
      const group = root;
      const field = segments[1];
      const extra = segments.slice(2);
      const fields = groups.has(group) ? (MERGE_FIELD_GROUPS[group as keyof typeof MERGE_FIELD_GROUPS].fields as Record<string, unknown>) : null;
      const known =
        fields !== null &&
        typeof field === 'string' &&
        Object.prototype.hasOwnProperty.call(fields, field) &&
        extra.length <= 1 &&
        extra.every((s) => typeof s === 'string' && FIELD_PROPERTIES.has(s));
      if (!known) problems.push({ line: v.location.row ?? null, message: `unknown merge field ${v.toString()}` });
    }
  }
  return problems;
}

const byLine = (a: TemplateProblem, b: TemplateProblem) => (a.line ?? 0) - (b.line ?? 0);

/**
 * What is wrong with a template of a kind, by line: syntax errors, tags and filters that are not
 * allowed, ranges, date widths and merge fields the kind does not offer. Empty: it may be saved.
 */
export function checkTemplate(source: string, kind: TemplateKind): TemplateProblem[] {
  let templates: Template[];
  try {
    templates = parse(textEngine, source);
  } catch (err) {
    return [describeLiquidError(err)];
  }
  return [...safetyProblems(templates), ...mergeFieldProblems(templates, kind)].sort(byLine).slice(0, MAX_PROBLEMS);
}

/** `checkTemplate`'s first problem as one sentence: "line 3: unknown merge field client.foo". */
export function describeProblem(p: TemplateProblem): string {
  return p.line === null ? p.message : `line ${p.line}: ${p.message}`;
}

// ---------- rendering ----------

type MergeValue = string | number | boolean | null | MergeValue[] | { [key: string]: MergeValue };
export type MergeData = Record<string, unknown>;

/**
 * The data as plain JSON on null-prototype objects: no functions, no classes, no prototypes to
 * climb (`constructor`, `__proto__` and `toString` are just missing names).
 */
export function plainMergeData(data: MergeData): Record<string, MergeValue> {
  const json = JSON.stringify(data ?? {});
  return JSON.parse(json, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const plain = Object.create(null) as Record<string, unknown>;
      for (const [k, v] of Object.entries(value)) plain[k] = v;
      return plain;
    }
    return value;
  }) as Record<string, MergeValue>;
}

class OutputTooLarge extends Error {
  constructor() {
    super(LIMIT_MESSAGES.text);
  }
}

/** A value as output: text, numbers and booleans as such, lists joined, objects (a whole group) nothing. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join('');
  return '';
}

/** Collects the output and refuses it as soon as it passes the cap. */
class CappedEmitter {
  buffer = '';
  constructor(private readonly max: number) {}
  write(html: unknown): void {
    const text = textOf(html);
    if (this.buffer.length + text.length > this.max) throw new OutputTooLarge();
    this.buffer += text;
  }
}

export interface RenderOptions {
  /** Markdown-escape every merged value (Markdown that becomes HTML or a PDF). */
  markdown?: boolean;
  /** The longest output allowed (characters), at most TEMPLATE_OUTPUT_MAX. */
  maxOutput?: number;
}

/** Renders a template with merge data; throws TemplateRenderError (with its line where known). */
export async function renderTemplate(source: string, data: MergeData, opts: RenderOptions = {}): Promise<string> {
  const engine = opts.markdown ? markdownEngine : textEngine;
  let templates: Template[];
  try {
    templates = parse(engine, source);
  } catch (err) {
    const p = describeLiquidError(err);
    throw new TemplateRenderError(p.message, p.line);
  }
  const unsafe = safetyProblems(templates)[0];
  if (unsafe) throw new TemplateRenderError(unsafe.message, unsafe.line);
  const emitter = new CappedEmitter(Math.min(opts.maxOutput ?? TEMPLATE_OUTPUT_MAX, TEMPLATE_OUTPUT_MAX));
  const clock = new RenderClock(RENDER_LIMIT_MS);
  const ctx = new Context(
    plainMergeData(data),
    engine.options,
    { memoryLimit: MEMORY_LIMIT, ownPropertyOnly: true, strictVariables: false },
    // liquidjs declares its limiter's fields private: the clock has its two methods.
    { liquid: engine, renderLimit: clock as unknown as Context['renderLimit'] },
  );
  renderClocks.set(ctx, clock);
  try {
    await toPromise(engine.renderer.renderTemplates(templates, ctx, emitter));
  } catch (err) {
    if (err instanceof OutputTooLarge || (err as { originalError?: unknown }).originalError instanceof OutputTooLarge) {
      throw new TemplateRenderError(new OutputTooLarge().message);
    }
    const p = describeLiquidError(err);
    throw new TemplateRenderError(p.message, p.line);
  }
  return emitter.buffer;
}

/**
 * The render limits a template runs into with a kind's sample data (null: none). Saving a
 * template runs it once, so one that would stall every render is refused when it is written.
 */
export async function limitProblem(source: string, kind: TemplateKind): Promise<TemplateProblem | null> {
  try {
    await renderTemplate(source, sampleMergeData(kind), { markdown: true });
    return null;
  } catch (err) {
    if (err instanceof TemplateRenderError && err.overLimit) return { line: err.line, message: err.message };
    // Other failures depend on the data: the real records' render reports them.
    if (err instanceof TemplateRenderError) return null;
    throw err;
  }
}
