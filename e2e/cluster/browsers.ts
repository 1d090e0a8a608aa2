import { chmodSync, writeFileSync } from 'node:fs';
import { type Browser, chromium, expect, type Page } from '@playwright/test';
import { videoLaunchOptions } from '../../playwright.video.config';
import { watchPeerConnections } from '../video/call-support';
import { ORIGIN } from './clinic-lab';
import type { Lab, Namespace } from './netns';

// A Chromium inside a lab namespace: Playwright starts a wrapper that enters the namespace
// and execs Debian's Chromium, which keeps Playwright's pipe (fds 3 and 4) across the exec.
// Launched with the video journeys' fake camera and microphone.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowserIn(lab: Lab, ns: Namespace): Promise<Browser> {
  const wrapper = lab.file(`chromium-in-${ns.name}`);
  writeFileSync(wrapper, `#!/bin/sh\nexec ip netns exec ${ns.name} ${CHROMIUM} "$@"\n`);
  chmodSync(wrapper, 0o755);
  const browser = await chromium.launch({
    ...videoLaunchOptions,
    executablePath: wrapper,
    // A lab has no loopback candidates worth using: the point is the real interfaces.
    args: (videoLaunchOptions.args ?? []).filter(
      (a) => a !== '--allow-loopback-in-peer-connection',
    ),
  });
  lab.onTeardown(() => browser.close().catch(() => {}));
  return browser;
}

/**
 * A page of the clinic in a new context of `browser`: through nginx's TLS (a self-signed
 * certificate), camera and microphone allowed, its peer connections watched. It is a secure
 * context, as the camera needs.
 */
export async function openClinicPage(browser: Browser, path = '/'): Promise<Page> {
  const context = await browser.newContext({
    baseURL: ORIGIN,
    ignoreHTTPSErrors: true,
    permissions: ['camera', 'microphone'],
  });
  await watchPeerConnections(context);
  const page = await context.newPage();
  await page.goto(path);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  return page;
}
