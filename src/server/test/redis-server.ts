import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

// A redis-server of the test's own on a random port (the machine's Redis may be shared with
// other test runs), started and killed at will to test an outage.
//
// The port is below Linux's ephemeral range (32768 and up): while the server is down, the
// clients' quick reconnects to a port inside that range can be given that very port as their
// own source port and connect to themselves (TCP simultaneous open). The "client" then
// holds the port, the restarted server cannot bind it, and the test hangs.

export type OwnRedis = Awaited<ReturnType<typeof ownRedis>>;

export async function ownRedis() {
  const port = 20_000 + Math.floor(Math.random() * 12_000);
  let child: ChildProcess | null = null;
  const server = {
    url: `redis://127.0.0.1:${port}`,
    port,
    get running() {
      return child !== null;
    },
    async start() {
      const started = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { stdio: 'ignore' },
      );
      child = started;
      for (let i = 0; i < 50; i++) {
        if (started.exitCode !== null) break;
        const ping = spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' });
        if (ping.stdout.trim() === 'PONG') return;
        await new Promise((r) => setTimeout(r, 100));
      }
      started.kill('SIGKILL');
      child = null;
      throw new Error(`the test Redis did not start on port ${port}`);
    },
    /** Kills the server at once (an outage) and waits until it has gone. */
    async stop() {
      const stopping = child;
      child = null;
      if (!stopping || stopping.exitCode !== null) return;
      const exited = new Promise((resolve) => stopping.once('exit', resolve));
      stopping.kill('SIGKILL');
      await exited;
    },
  };
  await server.start();
  return server;
}
