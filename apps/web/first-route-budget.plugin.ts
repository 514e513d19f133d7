import { brotliCompressSync, constants } from 'node:zlib';
import type { Plugin } from 'vite';

/** What the sign-in page may send of JavaScript, compressed as it goes out (decision 0038: ≤ 150 KiB). */
export const FIRST_ROUTE_BUDGET_KIB = 150;
/**
 * What each script's answer adds in headers, which Lighthouse's transfer size counts too: the
 * server's static answers carry about 370 bytes (cache, type, security headers) over HTTP/1.1.
 */
export const RESPONSE_HEADER_BYTES = 400;
/** The first page a person opens: its lazily loaded module, as the feature registry imports it. */
const FIRST_ROUTE_MODULE = /\/src\/features\/auth\/login-page\.tsx$/;

/** The part of a built chunk the budget needs (Rollup's and Rolldown's OutputChunk have these). */
export interface BudgetChunk {
  fileName: string;
  code: string;
  isEntry: boolean;
  /** the source modules bundled into it */
  moduleIds: readonly string[];
  imports: readonly string[];
}

/**
 * The files a browser loads for the first route: the entry and the route's own chunk with every chunk
 * they import statically (what index.html preloads and the route's import pulls in), each once.
 */
export function firstRouteFiles(chunks: readonly BudgetChunk[], routeModule: RegExp = FIRST_ROUTE_MODULE): BudgetChunk[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const route = chunks.find((c) => c.moduleIds.some((id) => routeModule.test(id)));
  if (!route) throw new Error(`The first route's chunk (${routeModule}) is not in the build`);
  const roots = [...chunks.filter((c) => c.isEntry), route];
  const found = new Map<string, BudgetChunk>();
  const visit = (chunk: BudgetChunk) => {
    if (found.has(chunk.fileName)) return;
    found.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  roots.forEach(visit);
  return [...found.values()];
}

/**
 * What is sent: each file as brotli at the quality the build writes its `.br` files with
 * (precompress.plugin.ts), and its answer's headers.
 */
export function transferredKiB(files: readonly BudgetChunk[]): number {
  let bytes = files.length * RESPONSE_HEADER_BYTES;
  for (const file of files) {
    const code = Buffer.from(file.code);
    bytes += brotliCompressSync(code, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: code.length },
    }).length;
  }
  return bytes / 1024;
}

/**
 * Fails the production build when the sign-in page's JavaScript grows past its budget, naming the
 * files, so a module that drags schemas or the shell into the first load is caught where it is made
 * rather than by the Lighthouse benchmark later (decision 0150).
 */
export function firstRouteBudget(budgetKiB = FIRST_ROUTE_BUDGET_KIB): Plugin {
  return {
    name: 'willow-first-route-budget',
    apply: 'build',
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is typeof o & BudgetChunk => o.type === 'chunk');
      const files = firstRouteFiles(chunks);
      const kib = transferredKiB(files);
      const list = files.map((f) => f.fileName).join(', ');
      if (kib > budgetKiB) {
        this.error(`/login loads ${kib.toFixed(1)} KiB of JavaScript (brotli, with headers), over its ${budgetKiB} KiB budget: ${list}`);
      }
      this.info(`/login loads ${kib.toFixed(1)} KiB of JavaScript (brotli, with headers) of its ${budgetKiB} KiB budget`);
    },
  };
}
