import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { registrationBody, uniqueEmail } from '../support';
import { expectFramesRising, framesDecodedPerPeer } from '../video/call-support';
import { launchBrowserIn, openClinicPage } from './browsers';
import {
  A_ADDRESS,
  B_ADDRESS,
  type ClinicLab,
  HTTP_PORT,
  ORIGIN,
  TURN_SECRET as SECRET,
  SERVICE,
  startClinicLab,
  TURN_PORT,
} from './clinic-lab';
import { openClinicWithDoctor } from './clinic-staff';
import type { Namespace } from './netns';
import { pageApi } from './page-api';

// TURN through networks that cannot see each other (issue 14), in clinic-lab.ts's lab with
// one app node: the patient's browser in A and the physician's in B have no path to each
// other, so a call between them connects only through coturn's relay in S.

// One lab for the file: a failure skips the rest instead of building it again.
test.describe.configure({ mode: 'serial' });

let clinic: ClinicLab;
let lab: ClinicLab['lab'];
let s: Namespace;
let a: Namespace;
let b: Namespace;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  clinic = await startClinicLab('turn-lab', { nodes: 1 });
  ({ lab, s, a, b } = clinic);
});

test.afterAll(async () => {
  await clinic?.lab.teardown();
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

// Issue 23: nginx sends the build's own brotli and gzip copies of an asset, from disk, with
// Vary; a source map (kept out of dist/public) answers 404 from the node behind it.
test("the recipe's nginx site: precompressed assets, no source maps", () => {
  const page = lab.exec(a, 'curl', ['-sk', `${ORIGIN}/`]);
  const asset = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(page)?.[1] as string;
  expect(asset).toBeTruthy();
  const headers = (encoding: string) =>
    lab
      .exec(a, 'curl', [
        '-sk',
        '-o',
        '/dev/null',
        '-D',
        '-',
        '-H',
        `Accept-Encoding: ${encoding}`,
        `${ORIGIN}${asset}`,
      ])
      .toLowerCase();
  for (const [accept, encoding] of [
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
  ] as const) {
    const head = headers(accept);
    expect(head, accept).toMatch(new RegExp(`^content-encoding: ${encoding}\r?$`, 'm'));
    expect(head).toMatch(/^vary: accept-encoding\r?$/m);
    expect(head).toMatch(/^cache-control: public, max-age=31536000, immutable\r?$/m);
  }
  expect(headers('identity')).not.toMatch(/^content-encoding:/m);
  // What curl decodes (--compressed) is the file the build wrote.
  const decoded = lab.exec(a, 'sh', ['-c', `curl -sk --compressed ${ORIGIN}${asset} | sha256sum`]);
  const built = execFileSync('sha256sum', [path.join('dist/public', asset)], { encoding: 'utf8' });
  expect(decoded.split(' ')[0]).toBe(built.split(' ')[0]);
  const status = (url: string) =>
    lab.exec(a, 'curl', ['-sk', '-o', '/dev/null', '-w', '%{http_code}', url]);
  expect(status(`${ORIGIN}${asset}.map`)).toBe('404');
  expect(status(`${ORIGIN}${asset}.br`)).toBe('404');
});

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
  const [patientBrowser, doctorBrowser] = browsers as [Browser, Browser];
  const doctor = await openClinicWithDoctor(doctorBrowser);
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
  const patient = await openClinicPage(patientBrowser);
  const registered = await pageApi(patient).post('/api/register', {
    data: registrationBody({
      firstName: 'Riley',
      lastName: 'Relayed',
      email: uniqueEmail('cluster-turn'),
      password: 'relay-journey-pass',
    }),
  });
  expect(registered.status(), await registered.text()).toBe(201);

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
  await expectFramesRising(patient, 'patient receives the doctor through the relay', 90_000);
  await expectFramesRising(doctor, 'doctor receives the patient through the relay', 90_000);

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
