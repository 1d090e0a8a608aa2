import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';

// Issue 21, item 16: `npm run demo` and `npm run dev` seed invented patients; they must never
// land in the `./data` that `npm start` keeps for a real clinic.
const script: string = path.resolve('scripts/demo-data.mjs');
const { demoSettings } = (await import(script)) as {
  demoSettings(env: Record<string, string | undefined>, root: string): Record<string, string>;
};

describe('the demo clinic keeps its own data folder', () => {
  it('is ./data-demo by default, not the data folder of npm start', () => {
    const root = '/srv/okmmj';
    const demo = demoSettings({}, root);
    expect(demo.SEED_DEMO).toBe('clinic');
    expect(demo.DATA_DIR).toBe('/srv/okmmj/data-demo');
    const plain = loadConfig({});
    expect(path.resolve(root, plain.DATA_DIR)).not.toBe(demo.DATA_DIR);
  });

  it('follows DATA_DIR and SEED_DEMO when they are given', () => {
    const demo = demoSettings({ DATA_DIR: '/tmp/mine', SEED_DEMO: 'accounts' }, '/srv/okmmj');
    expect(demo.DATA_DIR).toBe('/tmp/mine');
    expect(demo.SEED_DEMO).toBe('accounts');
  });
});
