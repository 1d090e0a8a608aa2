// The pages' Content-Security-Policy forbids eval. Zod probes for it with `new Function` the
// first time it parses an object, and although the probe's error is caught, the browser reports
// a CSP violation on the console (Lighthouse's Best Practices, issue 23). The browser validates
// small forms: the interpreted path is fast enough. The server keeps zod's compiled parsers.
//
// Zod's core takes its settings from this global object if one is there when it loads, so the
// setting is made without loading zod: importing `zod/v4/core` for its `config()` put zod's core
// in the entry script every page waits for. zod-jitless.test.ts holds zod (pinned) to this.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
