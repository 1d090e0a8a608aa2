import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalogs, sourceFiles } from '../../src/shared/i18n/check-catalogs';

// npm run i18n:check: exits 1 naming each problem with the message catalogs (check-catalogs.ts).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const problems = checkCatalogs({
  catalogsDir: path.join(root, 'src/shared/i18n/catalogs'),
  sources: sourceFiles(path.join(root, 'src')),
});
for (const problem of problems) console.error(`  ${problem}`);
if (problems.length > 0) {
  console.error(`i18n:check: ${problems.length} problem(s) with the message catalogs`);
  process.exit(1);
}
console.log('i18n:check: the catalogs agree, and every key is used');
