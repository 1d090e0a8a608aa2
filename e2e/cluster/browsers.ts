import { chmodSync, writeFileSync } from 'node:fs';
import { type Browser, chromium } from '@playwright/test';
import { videoLaunchOptions } from '../../playwright.video.config';
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
