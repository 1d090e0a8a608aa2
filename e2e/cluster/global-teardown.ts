import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { registryDir, sweepRegistry } from './netns';

// After the cluster run, whatever way it ended: a lab whose worker died before its own
// teardown left its registry file (okt<pid>.list); its namespaces and the processes in them
// go now. A lab whose process still lives belongs to another run and is left alone.

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

export default function globalTeardown() {
  const dir = registryDir();
  if (!existsSync(dir)) return;
  for (const file of readdirSync(dir)) {
    const owner = /^okt(\d+)\.list$/.exec(file)?.[1];
    if (owner && !alive(Number(owner))) sweepRegistry(path.join(dir, file));
  }
}
