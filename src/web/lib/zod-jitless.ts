import { config } from 'zod/v4/core';

// The pages' Content-Security-Policy forbids eval. Zod probes for it with `new Function` the
// first time it parses an object, and although the probe's error is caught, the browser reports
// a CSP violation on the console (Lighthouse's Best Practices, issue 23). The browser validates
// small forms: the interpreted path is fast enough. The server keeps zod's compiled parsers.
config({ jitless: true });
