import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect, type Page } from '@playwright/test';

// What the video journeys observe from outside the app: the page's RTCPeerConnections (kept
// by an init script that wraps the constructor), their statistics, and recordings decoded by
// Debian's ffprobe.

declare global {
  interface Window {
    __peerConnections?: RTCPeerConnection[];
  }
}

/** Keep every RTCPeerConnection the app creates, to read its statistics. */
export async function watchPeerConnections(context: BrowserContext) {
  await context.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    const seen: RTCPeerConnection[] = [];
    window.__peerConnections = seen;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        seen.push(this);
      }
    } as typeof RTCPeerConnection;
  });
}

/** Video frames decoded so far on each open peer connection of the page. */
export async function framesDecodedPerPeer(page: Page): Promise<number[]> {
  return page.evaluate(async () => {
    const open = (window.__peerConnections ?? []).filter((pc) => pc.connectionState !== 'closed');
    return Promise.all(
      open.map(async (pc) => {
        let frames = 0;
        (await pc.getStats()).forEach((s) => {
          if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded ?? 0;
        });
        return frames;
      }),
    );
  });
}

/** Total video frames decoded by the page across its open peer connections. */
export const framesDecoded = async (page: Page) =>
  (await framesDecodedPerPeer(page)).reduce((a, b) => a + b, 0);

/**
 * Waits until the page has decoded more frames than before; returns the new count. The
 * cluster journeys wait longer: with two Chromiums on a loaded 2-core machine one getStats
 * round trip can take seconds.
 */
export async function expectFramesRising(
  page: Page,
  label: string,
  timeout = 15_000,
): Promise<number> {
  const before = await framesDecoded(page);
  let after = before;
  await expect
    .poll(
      async () => {
        after = await framesDecoded(page);
        return after;
      },
      { message: `${label}: remote video frames keep arriving`, timeout },
    )
    .toBeGreaterThan(before + 5);
  return after;
}

/** Draws a line across the middle of the page's whiteboard with the mouse. */
export async function drawOnWhiteboard(page: Page) {
  const box = (await page.locator('canvas[data-whiteboard]').boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++)
    await page.mouse.move(box.x + box.width * (0.2 + i * 0.05), box.y + box.height * 0.5);
  await page.mouse.up();
}

/** How many pixels of the page's whiteboard are drawn on (not transparent). */
export const inkedPixels = (page: Page) =>
  page.locator('canvas[data-whiteboard]').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d')!;
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) n++;
    return n;
  });

/** The addresses of the local ICE candidates the page's connections gathered. */
export async function localCandidateAddresses(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const addresses: string[] = [];
    for (const pc of window.__peerConnections ?? []) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s) => {
        if (s.type === 'local-candidate') addresses.push(s.address ?? s.ip ?? '');
      });
    }
    return addresses;
  });
}

/** The width and height of each remote video the page shows. */
export async function remoteVideoSizes(page: Page): Promise<string[]> {
  return page
    .locator('video[data-peer-id]')
    .evaluateAll((videos) =>
      (videos as HTMLVideoElement[]).map((v) => `${v.videoWidth}x${v.videoHeight}`),
    );
}

/**
 * Decodes a recording with ffprobe: its container, the video frames it could read and the time
 * its video covers (first to last packet; a recorder's WebM often carries no duration).
 */
export function probeRecording(bytes: Buffer): {
  format: string;
  videoFrames: number;
  videoSeconds: number;
} {
  const dir = mkdtempSync(path.join(tmpdir(), 'okmmj-recording-'));
  try {
    const file = path.join(dir, 'recording.webm');
    writeFileSync(file, bytes);
    const out = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'format=format_name:stream=nb_read_frames,codec_name',
        '-of',
        'json',
        file,
      ],
      { encoding: 'utf8' },
    );
    const probed = JSON.parse(out) as {
      format: { format_name: string };
      streams: { nb_read_frames?: string }[];
    };
    const times = execFileSync(
      'ffprobe',
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'packet=pts_time',
        '-of',
        'csv=p=0',
        file,
      ],
      // The first probe has already printed what ffprobe finds wrong with the file.
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    )
      .split('\n')
      .map(Number.parseFloat)
      .filter(Number.isFinite);
    return {
      format: probed.format.format_name,
      videoFrames: Number(probed.streams[0]?.nb_read_frames ?? 0),
      videoSeconds: times.length ? Math.max(...times) - Math.min(...times) : 0,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
