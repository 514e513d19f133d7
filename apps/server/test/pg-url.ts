/** The same server, another database. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A connection for CREATE/DROP DATABASE: the configured database itself is fine for that. */
export function adminUrl(url: string): string {
  return url;
}
