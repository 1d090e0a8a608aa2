#!/usr/bin/env node
// Fills a deploy template's ${NAME} placeholders (nginx site, coturn configuration, systemd
// unit) from NAME=value arguments, then the environment; writes the result to stdout. A name
// left without a value stops it, naming the name: a half-rendered file never reaches a host.
// The cluster test renders the same templates for its own ports (issue 14), so they cannot rot.
//   node deploy/render.mjs deploy/nginx/okmmj.conf SERVER_NAME=clinic.example ... > site.conf
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PLACEHOLDER = /\$\{([A-Z][A-Z0-9_]*)\}/g;

/** The template's text with every placeholder replaced; throws naming any without a value. */
export function render(template, values) {
  const missing = new Set();
  const text = template.replace(PLACEHOLDER, (_, name) => {
    const value = values[name];
    if (value === undefined) missing.add(name);
    return value ?? '';
  });
  if (missing.size > 0) throw new Error(`no value for ${[...missing].join(', ')}`);
  return text;
}

export function renderFile(file, values) {
  return render(readFileSync(file, 'utf8'), values);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [file, ...pairs] = process.argv.slice(2);
  if (!file) {
    console.error('usage: node deploy/render.mjs <template> [NAME=value …]');
    process.exit(2);
  }
  const given = Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      return at > 0 ? [pair.slice(0, at), pair.slice(at + 1)] : [pair, ''];
    }),
  );
  try {
    process.stdout.write(renderFile(file, { ...process.env, ...given }));
  } catch (err) {
    console.error(`${file}: ${err.message}`);
    process.exit(1);
  }
}
