import type { Plugin } from 'vite';
import { compileCatalog } from '../../src/shared/i18n/compile-catalog';

// The message catalogs (src/shared/i18n/catalogs/<language>/<area>.json) reach the browser
// compiled: each file's ICU messages become @lingui/core's compiled form, still JSON, so Vite's
// own JSON handling takes it from there and no message parser ships to a phone (issue 24).

const CATALOG_FILE = /\/src\/shared\/i18n\/catalogs\/[a-z]{2}\/[\w-]+\.json$/;

export function compiledCatalogs(): Plugin {
  return {
    name: 'okmmj:compiled-catalogs',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOG_FILE.test(id.split('?')[0] ?? '')) return null;
      return { code: JSON.stringify(compileCatalog(JSON.parse(code))), map: null };
    },
  };
}
