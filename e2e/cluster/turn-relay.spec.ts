import { createHmac } from 'node:crypto';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from '../support';
import { framesDecoded, framesDecodedPerPeer, watchPeerConnections } from '../video/call-support';
import { launchBrowserIn } from './browsers';
import { Lab, type Namespace } from './netns';
import {
  createDatabase,
  selfSignedCertificate,
  startAppNode,
  startCoturn,
  startNginx,
  startRedis,
} from './services';

// TURN through networks that cannot see each other (issue 14). Three namespaces:
//   A (the patient's browser) 10.201.1.2 ── 10.201.1.1 ┐
//                                                       S: app node, nginx, coturn, redis;
//   B (the physician's browser) 10.201.2.2 ── 10.201.2.1 ┘  service address 10.201.3.1
// A and B each route only to S's service address, and S does not forward, so A and B have no
// path to each other: a call between them connects only through coturn's relay. nginx and
// coturn run with the recipe's own files (deploy/), rendered for these addresses and ports.
//
// The node runs in development mode with SEED_DEMO=accounts: production refuses demo
// accounts, and staff there sign in with a second factor; the settings this test is about
// (PostgreSQL, Redis, TURN, PUBLIC_URL behind TLS, TRUST_PROXY) are the production ones.

const SERVICE = '10.201.3.1';
const A_ADDRESS = '10.201.1.2';
const B_ADDRESS = '10.201.2.2';
const HTTPS_PORT = 8443;
const HTTP_PORT = 8080;
const TURN_PORT = 3478;
const SECRET = 'cluster-test-turn-secret-0123456789';
const ORIGIN = `https://${SERVICE}:${HTTPS_PORT}`;

// One lab for the file: a failure skips the rest instead of building it again.
test.describe.configure({ mode: 'serial' });

let lab: Lab;
let s: Namespace;
let a: Namespace;
let b: Namespace;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  // Configurations and every process's log stay here after the run.
  lab = new Lab(path.resolve('test-results/cluster/turn-lab'));
  try {
    s = lab.namespace('s');
    a = lab.namespace('a');
    b = lab.namespace('b');
    lab.link(s, '10.201.1.1/24', a, `${A_ADDRESS}/24`);
    lab.link(s, '10.201.2.1/24', b, `${B_ADDRESS}/24`);
    lab.serviceAddress(s, SERVICE);
    lab.route(a, SERVICE, '10.201.1.1');
    lab.route(b, SERVICE, '10.201.2.1');

    const tls = selfSignedCertificate(lab, SERVICE);
    const redisUrl = await startRedis(lab, s);
    await startCoturn(lab, s, {
      realm: 'clinic.test',
      secret: SECRET,
      address: SERVICE,
      port: TURN_PORT,
      minPort: 49160,
      maxPort: 49200,
      // The browsers' networks and the relay's own address are private, yet reached on
      // purpose: the "ranges other than those configured" of the issue.
      allowedPeers: ['10.201.1.0-10.201.1.255', '10.201.2.0-10.201.2.255', SERVICE],
    });
    await startAppNode(lab, s, {
      name: 'node-1',
      port: 3000,
      env: {
        NODE_ENV: 'development',
        SEED_DEMO: 'accounts',
        STAFF_MFA: 'off',
        DATABASE_URL: createDatabase(lab),
        REDIS_URL: redisUrl,
        PUBLIC_URL: ORIGIN,
        ICE_TURN_URLS: `turn:${SERVICE}:${TURN_PORT}`,
        ICE_TURN_SECRET: SECRET,
      },
    });
    const nginx = await startNginx(lab, s, {
      serverName: SERVICE,
      httpsPort: HTTPS_PORT,
      httpPort: HTTP_PORT,
      upstreams: ['127.0.0.1:3000'],
      certificate: tls.certificate,
      key: tls.key,
    });
    expect(nginx.test).toContain('syntax is ok');
    expect(nginx.test).toContain('test is successful');
  } catch (err) {
    await lab.teardown();
    throw err;
  }
});

test.afterAll(async () => {
  await lab?.teardown();
});

/** curl from `from` to http://address:port/: its exit status and error message. */
const connect = (from: Namespace, address: string, port: number) =>
  lab.try(from, 'curl', [
    '-sS',
    '-o',
    '/dev/null',
    '--connect-timeout',
    '3',
    `http://${address}:${port}/`,
  ]);

test('A and B cannot reach each other, only S', () => {
  for (const [from, other] of [
    [a, B_ADDRESS],
    [b, A_ADDRESS],
  ] as const) {
    expect(connect(from, SERVICE, HTTP_PORT).status).toBe(0);
    expect(lab.try(from, 'ip', ['route', 'get', other]).output).toMatch(/unreachable/i);
    // curl's 7: could not connect; the kernel has no route to the other side.
    const probe = connect(from, other, 9);
    expect(probe.status, probe.output).toBe(7);
  }
});

test("the recipe's nginx site: HTTP/2 with HSTS, a redirect to https, WebSocket upgrade", () => {
  const head = lab.exec(a, 'curl', [
    '-sk',
    '--http2',
    '-o',
    '/dev/null',
    '-D',
    '-',
    `${ORIGIN}/api/health`,
  ]);
  expect(head).toMatch(/^HTTP\/2 200/);
  const hsts = head.split('\r\n').filter((l) => /^strict-transport-security:/i.test(l));
  expect(hsts).toEqual(['strict-transport-security: max-age=63072000; includeSubDomains']);

  const redirect = lab.exec(a, 'curl', [
    '-s',
    '-o',
    '/dev/null',
    '-w',
    '%{http_code} %{redirect_url}',
    `http://${SERVICE}:${HTTP_PORT}/login?x=1`,
  ]);
  expect(redirect).toBe(`301 ${ORIGIN}/login?x=1`);

  // The handshake only: curl stops after 3 s with the upgraded connection still open.
  const upgrade = lab.try(a, 'curl', [
    '-sk',
    '--http1.1',
    '-i',
    '-N',
    '--max-time',
    '3',
    '-H',
    'Connection: Upgrade',
    '-H',
    'Upgrade: websocket',
    '-H',
    'Sec-WebSocket-Version: 13',
    '-H',
    'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
    `${ORIGIN}/socket.io/?EIO=4&transport=websocket`,
  ]);
  expect(upgrade.output).toMatch(/^HTTP\/1\.1 101 Switching Protocols/);
  expect(upgrade.output).toMatch(/^upgrade: websocket/im);
});

/**
 * Video frames keep being decoded. expectFramesRising's 15 s is too short here: with two
 * Chromiums on a loaded 2-core machine one getStats round trip can take 10 s.
 */
async function framesKeepArriving(page: Page, label: string) {
  const before = await framesDecoded(page);
  await expect
    .poll(() => framesDecoded(page), { message: label, timeout: 90_000 })
    .toBeGreaterThan(before + 5);
}

interface PairInfo {
  local: string;
  remote: string;
  localAddress: string;
  remoteAddress: string;
}

/** The candidate types of the selected pair of each connected peer connection of the page. */
function selectedPairs(page: Page): Promise<PairInfo[]> {
  return page.evaluate(async () => {
    const pairs: PairInfo[] = [];
    for (const pc of window.__peerConnections ?? []) {
      if (pc.connectionState !== 'connected') continue;
      const stats = await pc.getStats();
      let pairId: string | undefined;
      stats.forEach((s) => {
        if (s.type === 'transport' && s.selectedCandidatePairId) pairId = s.selectedCandidatePairId;
      });
      const pair = pairId ? stats.get(pairId) : undefined;
      if (!pair) continue;
      const local = stats.get(pair.localCandidateId);
      const remote = stats.get(pair.remoteCandidateId);
      pairs.push({
        local: local.candidateType,
        remote: remote.candidateType,
        localAddress: local.address,
        remoteAddress: remote.address,
      });
    }
    return pairs;
  });
}

/** What ICE gathering yields with the given servers: candidate types and TURN errors. */
function gather(page: Page, iceServers: RTCIceServer[]) {
  return page.evaluate(async (servers) => {
    const pc = new RTCPeerConnection({ iceServers: servers });
    const types: string[] = [];
    const errors: { code: number; text: string }[] = [];
    pc.onicecandidate = (e) => {
      if (e.candidate?.type) types.push(e.candidate.type);
    };
    pc.onicecandidateerror = (e) => {
      errors.push({ code: e.errorCode, text: e.errorText });
    };
    pc.createDataChannel('probe');
    await pc.setLocalDescription(await pc.createOffer());
    await new Promise<void>((resolve) => {
      const done = () => pc.iceGatheringState === 'complete' && resolve();
      pc.onicegatheringstatechange = done;
      done();
      setTimeout(resolve, 15_000);
    });
    pc.close();
    return { types, errors };
  }, iceServers);
}

test('a call between A and B connects through the relay, with credentials from the server', async () => {
  // Two Chromiums encoding and decoding video on a shared 2-core machine: minutes, not seconds.
  test.setTimeout(600_000);
  const browsers: Browser[] = [await launchBrowserIn(lab, a), await launchBrowserIn(lab, b)];
  const open = async (browser: Browser, email: string) => {
    const context = await browser.newContext({
      baseURL: ORIGIN,
      ignoreHTTPSErrors: true,
      permissions: ['camera', 'microphone'],
    });
    await watchPeerConnections(context);
    const page = await context.newPage();
    await signIn(page, email);
    await expect(page).not.toHaveURL(/\/login/);
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    return page;
  };
  const [patientBrowser, doctorBrowser] = browsers as [Browser, Browser];
  const doctor = await open(doctorBrowser, 'doctor@demo.test');
  // From the page, not page.request: Playwright's request client runs in the test runner's
  // namespace, which has no path to the lab.
  const { status, session } = await doctor.evaluate(async () => {
    const answer = await fetch('/api/video/sessions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'TURN check', maxParticipants: 2 }),
    });
    return { status: answer.status, ...(await answer.json()) };
  });
  expect(status).toBe(201);
  expect(session.joinUrl.startsWith(`${ORIGIN}/`)).toBe(true);
  const patient = await open(patientBrowser, 'riley@demo.test');

  // Each browser's ICE servers come with its join token: a TURN REST credential that expires.
  const iceServersOf = async (page: Page) => {
    const answer = page.waitForResponse((r) => r.url().endsWith('/api/video/token'));
    await page.goto(session.joinUrl);
    return ((await (await answer).json()) as { iceServers: RTCIceServer[] }).iceServers;
  };
  const served = await iceServersOf(doctor);
  await iceServersOf(patient);
  const turn = served.find((s) => String(s.urls).startsWith('turn:'));
  expect(turn?.urls).toEqual([`turn:${SERVICE}:${TURN_PORT}`]);
  const expiry = Number(String(turn?.username).split(':')[0]);
  expect(expiry).toBeGreaterThan(Date.now() / 1000 + 600);

  for (const page of [doctor, patient]) {
    await expect(page.locator('video[data-peer-id]')).toHaveCount(1, { timeout: 30_000 });
    await expect
      .poll(async () => (await framesDecodedPerPeer(page)).filter((n) => n > 0).length, {
        timeout: 30_000,
      })
      .toBe(1);
  }
  await framesKeepArriving(patient, 'patient receives the doctor through the relay');
  await framesKeepArriving(doctor, 'doctor receives the patient through the relay');

  for (const page of [patient, doctor]) {
    const pairs = await selectedPairs(page);
    expect(pairs).toHaveLength(1);
    const [pair] = pairs as [PairInfo];
    expect([pair.local, pair.remote], JSON.stringify(pair)).toContain('relay');
    // Nothing of the other side's own network is in the path: only S's relay address.
    expect([pair.localAddress, pair.remoteAddress]).toContain(SERVICE);
  }

  // An expired credential, correctly signed with the secret, is refused by coturn (401):
  // no relay candidate. A fresh one from the server gathers one.
  const past = `${Math.floor(Date.now() / 1000) - 60}:expired`;
  const expired = await gather(patient, [
    {
      urls: turn!.urls,
      username: past,
      credential: createHmac('sha1', SECRET).update(past).digest('base64'),
    },
  ]);
  expect(expired.types).not.toContain('relay');
  expect(expired.errors.map((e) => e.code)).toContain(401);
  const fresh = await gather(patient, served);
  expect(fresh.types).toContain('relay');

  for (const page of [patient, doctor]) await page.context().close();
});

test('coturn refuses to relay to loopback (no SSRF) but relays to an allowed range', async () => {
  const username = `${Math.floor(Date.now() / 1000) + 600}:ssrf-probe`;
  const password = createHmac('sha1', SECRET).update(username).digest('base64');
  // A UDP echo peer in B (an allowed range) and one on S's loopback (denied).
  lab.spawn(b, 'peer-b', 'turnutils_peer', ['-L', B_ADDRESS, '-p', '3480']);
  lab.spawn(s, 'peer-s', 'turnutils_peer', ['-L', '127.0.0.1', '-p', '3480']);
  const relayTo = (peer: string) =>
    lab.try(a, 'turnutils_uclient', [
      ...['-u', username, '-w', password, '-e', peer, '-r', '3480'],
      ...['-n', '5', '-c', '-p', String(TURN_PORT), SERVICE],
    ]);
  const allowed = relayTo(B_ADDRESS);
  expect(allowed.output, allowed.output).toMatch(/Total lost packets 0 \(0\.0+%\)/);
  const denied = relayTo('127.0.0.1');
  expect(denied.output, denied.output).toMatch(/403|Forbidden/i);
  expect(denied.output).not.toMatch(/Total lost packets 0 \(0\.0+%\)/);
});
