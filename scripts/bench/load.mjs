#!/usr/bin/env node
// One load run in its own process, so the load generator does not share the server's event
// loop. argv: url, connections, seconds, then a JSON list of cookies to rotate through.
import autocannon from 'autocannon';

const [url, connections, seconds, cookiesJson] = process.argv.slice(2);
const cookies = JSON.parse(cookiesJson ?? '[]');
const { pathname } = new URL(url);
const result = await autocannon({
  url,
  connections: Number(connections),
  duration: Number(seconds),
  requests: cookies.length
    ? cookies.map((cookie) => ({ method: 'GET', path: pathname, headers: { cookie } }))
    : undefined,
});
const bad = result.non2xx + result.errors + result.timeouts;
process.stdout.write(
  JSON.stringify({
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    total: result.requests.total,
    bad,
  }),
);
