import path from 'node:path';
import { loadConfigOrExit } from '../config.js';
import { PRIVATE_UMASK } from '../storage/private-dir.js';
import { runBackup } from './backup.js';
import { RestoreRefused, runRestore } from './restore.js';

// `npm run backup [-- --out DIR]` and `npm run restore -- ARCHIVE [--replace-existing]`, with
// the server's own environment (the same DATA_DIR, DATABASE_URL, DOCUMENT_ENCRYPTION_KEY,
// BLOB_STORE). Exit 0 on success; otherwise one line saying why. Nothing printed names a
// patient, a key or a password: only paths, counts and the tools' own error lines.

const USAGE = 'usage: backup [--out DIR]   |   restore ARCHIVE [--replace-existing]';

/** Where the command was typed (npm runs scripts from the project root and says so here). */
const typedAt = (p: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p);

async function main(argv: string[]): Promise<number> {
  process.umask(PRIVATE_UMASK);
  const [command, ...rest] = argv;
  const config = loadConfigOrExit(); // exits 78 on a bad setting, as the server
  if (command === 'backup') {
    const at = rest.indexOf('--out');
    const unknown = rest.filter((a, i) => a !== '--out' && i !== at + 1);
    if (unknown.length > 0 || (at >= 0 && !rest[at + 1])) return fail(USAGE, 64);
    const outDir = at >= 0 ? typedAt(rest[at + 1]!) : path.resolve('backups');
    const r = await runBackup(config, outDir);
    const skipped = r.skippedBlobs ? `, ${r.skippedBlobs} deleted during the backup` : '';
    console.log(
      `backup written: ${r.file} (${r.bytes} bytes, ${config.BLOB_STORE === 's3' ? 'S3 manifest' : `${r.blobs} stored files${skipped}`})`,
    );
    return 0;
  }
  if (command === 'restore') {
    const replaceExisting = rest.includes('--replace-existing');
    const files = rest.filter((a) => a !== '--replace-existing');
    if (files.length !== 1 || files[0]!.startsWith('--')) return fail(USAGE, 64);
    const r = await runRestore(config, typedAt(files[0]!), { replaceExisting });
    const where = r.database === 'pglite' ? 'the embedded database' : 'PostgreSQL';
    console.log(`restored ${where} and ${r.blobs} stored files from ${files[0]}`);
    if (r.missingObjects)
      console.log(
        `warning: ${r.missingObjects} objects of the archive's S3 manifest are not in the bucket at their recorded size: restore them from the bucket's versions`,
      );
    return 0;
  }
  return fail(USAGE, 64);
}

function fail(message: string, code: number): number {
  console.error(message);
  return code;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    // One line: RestoreRefused and the tools' failures carry their own reason.
    const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.error(`${err instanceof RestoreRefused ? 'restore refused' : 'failed'}: ${reason}`);
    process.exit(1);
  },
);
