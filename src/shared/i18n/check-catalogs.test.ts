import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogs, sourceFiles } from './check-catalogs';

// npm run i18n:check's rules, on the repository's catalogs and on copies with one fault each.

const SRC = path.resolve(import.meta.dirname, '../..');
const CATALOGS = path.join(SRC, 'shared/i18n/catalogs');
const sources = sourceFiles(SRC);

let copies: string[] = [];
afterEach(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
  copies = [];
});

/** A copy of the catalogs with `edit` applied to one file's messages. */
function copyWith(file: string, edit: (messages: Record<string, string>) => void): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'okmmj-catalogs-'));
  copies.push(dir);
  cpSync(CATALOGS, dir, { recursive: true });
  const target = path.join(dir, file);
  const messages = JSON.parse(readFileSync(target, 'utf8')) as Record<string, string>;
  edit(messages);
  writeFileSync(target, JSON.stringify(messages));
  return dir;
}

describe('the catalog check', () => {
  it('passes on the repository', () => {
    expect(checkCatalogs({ catalogsDir: CATALOGS, sources })).toEqual([]);
  });

  it('fails on a key missing from the Spanish catalog', () => {
    const dir = copyWith('es/common.json', (m) => {
      delete m['common.language.switchLabel'];
    });
    expect(checkCatalogs({ catalogsDir: dir, sources })).toEqual([
      'es: missing common.language.switchLabel',
    ]);
  });

  it('fails on a key missing from the English catalog that the code asks for', () => {
    const dir = copyWith('en/common.json', (m) => {
      delete m['common.language.switchLabel'];
    });
    const problems = checkCatalogs({ catalogsDir: dir, sources });
    expect(problems).toContain('es: common.language.switchLabel is not in the English catalog');
    expect(
      problems.some((p) => p.endsWith('asks for common.language.switchLabel, in no catalog')),
    ).toBe(true);
  });

  it('fails on a key no code uses', () => {
    const add = (m: Record<string, string>) => {
      m['common.neverShown'] = 'Never shown';
    };
    const dir = copyWith('en/common.json', add);
    const both = copyWith('es/common.json', add);
    cpSync(path.join(dir, 'en'), path.join(both, 'en'), { recursive: true });
    expect(checkCatalogs({ catalogsDir: both, sources })).toEqual([
      'unused: common.neverShown (no code names it)',
    ]);
  });

  it('fails on a broken ICU message and on placeholders that differ from the English', () => {
    const broken = copyWith('es/errors.json', (m) => {
      m['errors.language.unknown'] = 'Elija {idioma';
    });
    expect(checkCatalogs({ catalogsDir: broken, sources })[0]).toMatch(
      /^es: errors.language.unknown is not a valid ICU message/,
    );
    const renamed = copyWith('es/errors.json', (m) => {
      m['errors.language.unknown'] = 'Elija {idioma}';
    });
    expect(checkCatalogs({ catalogsDir: renamed, sources })).toEqual([
      'es: errors.language.unknown has placeholders {idioma}, English {}',
    ]);
  });

  it("fails on a key outside its file's area", () => {
    const rename = (m: Record<string, string>) => {
      m['errors.strayKey'] = m['common.language.changed'] ?? '';
      delete m['common.language.changed'];
    };
    const dir = copyWith('en/common.json', rename);
    const problems = checkCatalogs({ catalogsDir: dir, sources });
    expect(problems).toContain('en/common.json: errors.strayKey does not start with "common."');
  });
});
