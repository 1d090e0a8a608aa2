import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config.js';

// Every setting is listed where an operator looks for it (the README's table and .env.example),
// and nothing is listed that the server does not read.

const readme = readFileSync('README.md', 'utf8');
const envExample = readFileSync('.env.example', 'utf8');

/** The variable names in the first column of the README's configuration table. */
const readmeNames = new Set(
  readme
    .split('\n')
    .filter((line) => /^\| `[A-Z]/.test(line))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)])
    .map((m) => m[1] ?? ''),
);
/** Names set or shown commented out in .env.example (`NAME=` or `# NAME=`). */
const envNames = new Set(
  [...envExample.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1] ?? ''),
);

describe('configuration documents', () => {
  it.each(CONFIG_VARIABLES)('%s is in the README table and .env.example', (name) => {
    expect(readmeNames.has(name), 'README table').toBe(true);
    expect(envNames.has(name), '.env.example').toBe(true);
  });

  it('lists no variable the server does not read', () => {
    const known = new Set<string>(CONFIG_VARIABLES);
    expect([...readmeNames].filter((n) => !known.has(n))).toEqual([]);
    expect([...envNames].filter((n) => !known.has(n))).toEqual([]);
  });
});
