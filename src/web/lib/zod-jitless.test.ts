import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// In a fresh process: this worker may have loaded zod already, with its own settings.
const run = (withSetting: boolean) =>
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `
      ${withSetting ? `await import(${JSON.stringify(path.join(import.meta.dirname, 'zod-jitless.ts'))});` : ''}
      let probes = 0;
      const RealFunction = globalThis.Function;
      globalThis.Function = new Proxy(RealFunction, { construct(t, a) { probes++; return Reflect.construct(t, a); } });
      const { z } = await import('zod');
      z.object({ name: z.string() }).parse({ name: 'Avery' });
      console.log(JSON.stringify({ jitless: z.config().jitless === true, probes }));
      `,
    ],
    { encoding: 'utf8', cwd: path.join(import.meta.dirname, '../../..') },
  );

describe('zod in the browser runs jitless, set before zod loads', () => {
  it('zod takes the setting and never probes with new Function', () => {
    expect(JSON.parse(run(true))).toEqual({ jitless: true, probes: 0 });
  });

  it('without it zod probes (so the first case can fail)', () => {
    expect(JSON.parse(run(false))).toMatchObject({ jitless: false });
    expect(JSON.parse(run(false)).probes).toBeGreaterThan(0);
  });
});
