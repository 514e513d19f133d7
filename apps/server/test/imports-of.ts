// What a TypeScript source imports, for the tests that hold the import graph (the feature floors,
// the added feature's fixture): static imports and `import type`, re-exports (`export … from`) and
// dynamic `import('…')` with a literal path: static imports first, then re-exports, then dynamic
// ones. Read by oxc's parser, which reads TypeScript without type-checking it (the type checker
// has no library API of its own).
import { readFileSync } from 'node:fs';
import { parseSync } from 'oxc-parser';

/** The module specifiers the file at `path` imports, as written ('./x.js', 'zod'). */
export function importsOf(path: string): string[] {
  const code = readFileSync(path, 'utf8');
  const { module, errors } = parseSync(path, code);
  if (errors.length) throw new Error(`${path} does not parse: ${errors[0]!.message}`);
  const reExports = module.staticExports.flatMap((e) => {
    const from = e.entries.find((entry) => entry.moduleRequest)?.moduleRequest;
    return from ? [from.value] : [];
  });
  const dynamic = module.dynamicImports.flatMap(({ moduleRequest }) => {
    const literal = /^(['"`])(.*)\1$/s.exec(code.slice(moduleRequest.start, moduleRequest.end));
    return literal ? [literal[2]!] : [];
  });
  return [...module.staticImports.map((i) => i.moduleRequest.value), ...reExports, ...dynamic];
}
