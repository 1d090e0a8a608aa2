import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

// A redis-server of the test's own on a random port (the machine's Redis may be shared with
// other test runs), started and killed at will to test an outage.

export async function ownRedis() {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  let child: ChildProcess | null = null;
  const server = {
    url: `redis://127.0.0.1:${port}`,
    get running() {
      return child !== null;
    },
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      for (let i = 0; i < 50; i++) {
        const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
        if (ping.stdout.trim() === 'PONG') return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('the test Redis did not start');
    },
    async stop() {
      child?.kill('SIGKILL');
      child = null;
      await new Promise((r) => setTimeout(r, 200));
    },
  };
  await server.start();
  return server;
}
