/** The same server as `url`, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/** A connection for CREATE/DROP DATABASE: the server's maintenance database. */
export const adminUrl = (url: string) => databaseUrlFor(url, 'postgres');
