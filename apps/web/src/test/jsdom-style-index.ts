// Test-only. jsdom's getComputedStyle, made to look only at the style rules that can match.
//
// jsdom works out an element's declared style by trying every rule of every style sheet against it
// (style-rules.js, forEachMatchingSheetRuleOfElement), about 3 ms per element with the thousand
// rules MUI's components insert, and forgets all of it at every change to the DOM. Testing
// Library asks for it for each element a role query looks at (its accessible-name and hidden
// checks), so that scan was 40 % of the web tests' CPU (decision 0298).
//
// Here the same rules are tried in the same order, but only those whose last compound selector
// names one of the element's classes or its tag, or that name neither (tried for every element):
// a rule needing a class or tag the element lacks cannot match it. What jsdom computes from the
// matching rules (the cascade by order, inline style last, its cache per DOM version, inherited
// and resolved values) is jsdom's own, unchanged: this replaces only the function that lists the
// matching rules' declarations, and jsdom-style-index.test.tsx compares the two on the same DOM.
// Elements that match the same rules and carry the same inline style share the declaration built
// for the first of them, while the rules hold.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

type Style = { length: number; [index: number]: string; getPropertyValue(p: string): string; getPropertyPriority(p: string): string; removeProperty(p: string): void; setProperty(p: string, v: string, priority?: string): void };
interface Rule {
  selectorText?: string;
  style: Style;
  media?: ArrayLike<string>;
  cssRules?: ArrayLike<Rule>;
  styleSheet?: Sheet | null;
  constructor: { name: string };
}
interface Sheet {
  cssRules: ArrayLike<Rule>;
}
interface ElementImpl {
  _ownerDocument: DocumentImpl;
  localName: string;
  getAttributeNS(namespace: null, name: string): string | null;
  style: Style;
}
interface DocumentImpl {
  _styleCache: WeakMap<ElementImpl, Style> | null;
  _domSelector: { check(selector: string, el: ElementImpl): { match: boolean; pseudoElement: string | null } };
  styleSheets: { _list: Sheet[] };
}
interface StyleRulesModule {
  getDeclarationForElement(el: ElementImpl): Style;
}

/** A rule that may match: its place in the cascade and its selector as jsdom tries it. */
interface Entry {
  order: number;
  rule: Rule;
  selector: string;
}

const PATCHED = Symbol.for('willow.jsdomStyleIndex');

/** Requires from jsdom's own folder: the module instances the test environment loaded (Node's cache is shared). */
export const fromJsdom = createRequire(createRequire(import.meta.url).resolve('jsdom'));
const styleRules = fromJsdom('./jsdom/living/helpers/style-rules.js') as StyleRulesModule;
// Looked up once: getComputedStyle below asks it for every element.
const { implForWrapper: implOf } = fromJsdom('./jsdom/living/generated/utils.js') as { implForWrapper(wrapper: unknown): ElementImpl | null };

/**
 * The keys a rule can only match under: for each selector of its list, the first class of its last
 * compound ('c:name'), else that compound's tag ('t:name'); null when one of them has neither (or
 * is too unusual to read safely: escapes, namespaces), so the rule is tried for every element.
 */
export function ruleKeys(selector: string): string[] | null {
  if (/[\\|]/.test(selector)) return null;
  const keys: string[] = [];
  for (const one of splitTopLevel(selector, ',')) {
    const key = compoundKey(lastCompound(one.trim()));
    if (!key) return null;
    keys.push(key);
  }
  return keys.length ? keys : null;
}

/** Calls `visit` with each character of `text` outside brackets, parentheses and quotes, until it answers false. */
function forEachTopLevel(text: string, visit: (ch: string, at: number) => boolean | void): void {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && visit(ch, i) === false) return;
  }
}

/** `text` split at `sep` outside brackets, parentheses and quotes. */
function splitTopLevel(text: string, sep: string): string[] {
  const parts: string[] = [];
  let start = 0;
  forEachTopLevel(text, (ch, at) => {
    if (ch !== sep) return;
    parts.push(text.slice(start, at));
    start = at + 1;
  });
  parts.push(text.slice(start));
  return parts;
}

/** The compound after the last combinator (space, >, +, ~) outside brackets, parentheses and quotes. */
function lastCompound(selector: string): string {
  let start = 0;
  forEachTopLevel(selector, (ch, at) => {
    if (' >+~\n\t'.includes(ch)) start = at + 1;
  });
  return selector.slice(start);
}

/** The compound's first class outside brackets and parentheses, else its tag, else null. */
function compoundKey(compound: string): string | null {
  let key: string | null = null;
  forEachTopLevel(compound, (ch, at) => {
    const name = ch === '.' ? /^-?[_a-zA-Z][\w-]*/.exec(compound.slice(at + 1))?.[0] : undefined;
    if (name) key = `c:${name}`;
    return !name;
  });
  const tag = /^[a-zA-Z][\w-]*/.exec(compound)?.[0];
  return key ?? (tag ? `t:${tag.toLowerCase()}` : null);
}

/** The rules of the default sheet and the document's sheets, in jsdom's order, indexed by key. */
interface Index {
  /** the document's sheets, and each one's rule lists (its own, its imports') with their lengths, when indexed */
  sheets: Sheet[];
  lengths: [ArrayLike<Rule>, number][][];
  byKey: Map<string, Entry[]>;
  everywhere: Entry[];
  /** the declarations built while these rules hold, by the rules an element matched and its inline style */
  declarations: Map<string, Style>;
}

export function installJsdomStyleIndex(): void {
  const win = window as unknown as Record<symbol, unknown>;
  if (win[PATCHED]) return;
  if (typeof styleRules.getDeclarationForElement !== 'function') {
    throw new Error("jsdom's style-rules.js no longer has getDeclarationForElement: jsdom-style-index.ts needs updating to this jsdom");
  }
  const { CSSStyleDeclaration } = fromJsdom('cssstyle') as { CSSStyleDeclaration: new () => Style };
  const cssom = fromJsdom('@acemir/cssom') as { parse(text: string): Sheet };
  const defaultSheet = cssom.parse(readFileSync(fromJsdom.resolve('./jsdom/browser/default-stylesheet.css'), 'utf8'));

  let index: Index | null = null;

  /** A sheet's rule lists (its own, then its imports' sheets') with their lengths now. */
  const ruleLists = (sheet: Sheet): [ArrayLike<Rule>, number][] => {
    const lists: [ArrayLike<Rule>, number][] = [[sheet.cssRules, sheet.cssRules.length]];
    for (let i = 0; i < sheet.cssRules.length; i++) {
      const rule = sheet.cssRules[i]!;
      if (rule.constructor.name !== 'CSSImportRule') continue;
      // An import not loaded yet stands as an empty list that grows when it loads.
      if (rule.styleSheet) lists.push([rule.styleSheet.cssRules, rule.styleSheet.cssRules.length]);
      else lists.push([{ get length() { return rule.styleSheet ? -1 : 0; } }, 0]);
    }
    return lists;
  };
  // Unchanged when the same sheets hold as many rules each: a rule is added or removed by
  // insertRule or deleteRule (lengths), a style element's new text is a new sheet. Checked on
  // every call, in a step per sheet, not per rule.
  const unchanged = (sheets: Sheet[]): boolean =>
    !!index &&
    index.sheets.length === sheets.length &&
    index.sheets.every((sheet, i) => sheet === sheets[i] && index!.lengths[i]!.every(([list, length]) => list.length === length));

  const current = (doc: DocumentImpl): Index => {
    const sheets = doc.styleSheets._list;
    if (unchanged(sheets)) return index!;
    const byKey = new Map<string, Entry[]>();
    const everywhere: Entry[] = [];
    let order = 0;
    const add = (rule: Rule) => {
      if (!rule.selectorText) return;
      const entry = { order: order++, rule, selector: rule.selectorText.split(';').pop()!.trim() };
      const keys = ruleKeys(entry.selector);
      if (!keys) everywhere.push(entry);
      else {
        for (const key of new Set(keys)) {
          const list = byKey.get(key);
          if (list) list.push(entry);
          else byKey.set(key, [entry]);
        }
      }
    };
    // As jsdom's handleSheet walks a sheet: imports and media rules for "screen" inline, in place.
    const walk = (sheet: Sheet) => {
      Array.prototype.forEach.call(sheet.cssRules, (rule: Rule) => {
        if (rule.media) {
          if (rule.constructor.name === 'CSSImportRule') {
            if (rule.styleSheet && (rule.media.length === 0 || Array.prototype.indexOf.call(rule.media, 'screen') !== -1)) {
              Array.prototype.forEach.call(rule.styleSheet.cssRules, add);
            }
          } else if (Array.prototype.indexOf.call(rule.media, 'screen') !== -1) {
            Array.prototype.forEach.call(rule.cssRules ?? [], add);
          }
        } else add(rule);
      });
    };
    walk(defaultSheet);
    sheets.forEach(walk);
    index = { sheets: [...sheets], lengths: sheets.map(ruleLists), byKey, everywhere, declarations: new Map() };
    return index;
  };

  const matches = (entry: Entry, element: ElementImpl): boolean => {
    try {
      const { match, pseudoElement } = element._ownerDocument._domSelector.check(entry.selector, element);
      return pseudoElement ? false : match;
    } catch {
      return false;
    }
  };

  /** jsdom's getDeclarationForElement, with the rules tried narrowed by the index. */
  const getDeclarationForElement = (element: ElementImpl): Style => {
    const doc = element._ownerDocument;
    const cache = (doc._styleCache ??= new WeakMap());
    const cached = cache.get(element);
    if (cached) return cached;
    const { byKey, everywhere, declarations } = current(doc);
    const lists = [everywhere, byKey.get(`t:${element.localName.toLowerCase()}`)];
    for (const name of (element.getAttributeNS(null, 'class') ?? '').split(/[ \t\n\f\r]+/)) if (name) lists.push(byKey.get(`c:${name}`));
    const seen = new Set<Entry>();
    const candidates: Entry[] = [];
    for (const list of lists) {
      for (const entry of list ?? []) {
        if (!seen.has(entry)) {
          seen.add(entry);
          candidates.push(entry);
        }
      }
    }
    candidates.sort((a, b) => a.order - b.order);

    const matched = candidates.filter((entry) => matches(entry, element));
    // Elements matching the same rules with the same inline style share one declaration (it is
    // only read): most of MUI's elements come in kinds (every menu item, every label of a kind),
    // and building a declaration parses each of its values again.
    const inline = element.style.length ? (element.style as unknown as { cssText: string }).cssText : '';
    const key = `${matched.map((entry) => entry.order).join(',')}|${inline}`;
    const shared = declarations.get(key);
    if (shared) {
      cache.set(element, shared);
      return shared;
    }
    const declaration = new CSSStyleDeclaration();
    const handleProperty = (style: Style, property: string) => {
      const value = style.getPropertyValue(property);
      if (value === 'unset') declaration.removeProperty(property);
      else declaration.setProperty(property, value, style.getPropertyPriority(property));
    };
    for (const entry of matched) {
      const style = entry.rule.style;
      for (let i = 0; i < style.length; i++) handleProperty(style, style[i]!);
    }
    for (let i = 0; i < element.style.length; i++) handleProperty(element.style, element.style[i]!);
    declarations.set(key, declaration);
    cache.set(element, declaration);
    return declaration;
  };

  // Inherited and resolved values look the declaration up through the module's exports.
  const original = styleRules.getDeclarationForElement;
  styleRules.getDeclarationForElement = getDeclarationForElement;
  // The window's getComputedStyle holds jsdom's own function; it reads the same cache first, so
  // the element's declaration is put there before it asks.
  const getComputedStyle = window.getComputedStyle;
  window.getComputedStyle = function (this: Window, element: Element, pseudo?: string | null) {
    const impl = element && typeof element === 'object' ? implOf(element) : null;
    if (impl && typeof impl.getAttributeNS === 'function') getDeclarationForElement(impl);
    return getComputedStyle.call(this, element, pseudo);
  } as typeof window.getComputedStyle;
  win[PATCHED] = { original };
}

/** What jsdom's own getDeclarationForElement and the indexed one answer for `element`, each from an emptied cache. */
export function declarationsFor(element: Element): { jsdom: string; indexed: string } {
  const impl = implOf(element)!;
  const patched = (window as unknown as Record<symbol, { original: StyleRulesModule['getDeclarationForElement'] } | undefined>)[PATCHED];
  if (!patched) throw new Error('installJsdomStyleIndex() has not run');
  const read = (get: StyleRulesModule['getDeclarationForElement']) => {
    impl._ownerDocument._styleCache = null;
    const style = get(impl);
    impl._ownerDocument._styleCache = null;
    return Array.from({ length: style.length }, (_, i) => style[i]!)
      .map((p) => `${p}: ${style.getPropertyValue(p)}${style.getPropertyPriority(p) ? ' !important' : ''}`)
      .join('; ');
  };
  return { jsdom: read(patched.original), indexed: read(styleRules.getDeclarationForElement) };
}
