// No zod here: the web's HTTP client is on the first page and must not bring the schemas with it
// (docs/decisions/0150).

/** Fills `{id}` style placeholders of an operation path. */
export function buildPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
