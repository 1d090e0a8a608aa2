import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

// DATA_DIR holds the embedded database (names, addresses, diagnoses), the encrypted files and,
// outside production, their key: only the server's own user may read it (issue 10, defect 4).
// Files are 0600 and folders 0700. The process umask covers what the server and PostgreSQL
// create; PGlite copies its initial cluster in with explicit 0666 modes, and a DATA_DIR from
// an older version is loose too, so a walk at start tightens whatever is looser.

/** Clears group and other bits on everything the process creates from now on. */
export const PRIVATE_UMASK = 0o077;
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `root` if needed and takes group/other access off everything under it. */
export function makePrivate(root: string): { tightened: number } {
  mkdirSync(root, { recursive: true, mode: PRIVATE_DIR_MODE });
  let tightened = 0;
  const visit = (entry: string) => {
    const stat = lstatSync(entry, { throwIfNoEntry: false });
    // Gone since the folder was listed, or a link: a link is not followed, what it points to
    // may not be ours to change.
    if (!stat || stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) {
      chmodSync(entry, stat.isDirectory() ? PRIVATE_DIR_MODE : stat.mode & PRIVATE_FILE_MODE);
      tightened++;
    }
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return { tightened };
}
