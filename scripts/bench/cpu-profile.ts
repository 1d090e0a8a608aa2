// Records a CPU profile of this process between start() and stop() (node:inspector) and sums
// it by function: what `npm run bench:fanout` prints as what the server spent its time on.
import { Session } from 'node:inspector/promises';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const session = new Session();

export async function startProfile(): Promise<void> {
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
}

/**
 * The functions with the most self time, in ms, the total sampled and the idle part. The
 * inspector's own `dispatch` (building the profile when it stops) is left out.
 */
export async function stopProfile(
  top = 12,
): Promise<{ totalMs: number; idleMs: number; top: [string, number][] }> {
  const { profile } = (await session.post('Profiler.stop')) as { profile: Profile };
  session.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)!.callFrame;
    const file = frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/src\//, 'src/');
    const name = `${frame.functionName || '(anonymous)'}${file ? ` ${file}:${frame.lineNumber + 1}` : ''}`;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    total += ms;
    self.set(name, (self.get(name) ?? 0) + ms);
  });
  const idleMs = self.get('(idle)') ?? 0;
  self.delete('(idle)');
  self.delete('dispatch');
  return { totalMs: total, idleMs, top: [...self].sort((a, b) => b[1] - a[1]).slice(0, top) };
}
