// Types for scripts/mailbox.mjs, for the TypeScript journeys that import it.

/** Starts the mailbox writing each message as JSON into `dir`; answers its smtp:// URL. */
export function startMailbox(dir: string, port?: number): Promise<string>;

/** The same mailbox with a way to close it: `url` and `close()`. */
export function openMailbox(
  dir: string,
  port?: number,
): Promise<{ url: string; close: () => Promise<void> }>;
