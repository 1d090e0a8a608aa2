import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

// A redis-server of the test's own on a random port (the machine's Redis may be shared with
// other test runs), started and killed at will to test an outage.
//
// The port is below Linux's ephemeral range (32768 and up): while the server is down, the
// clients' quick reconnects to a port inside that range can be given that very port as their
// own source port and connect to themselves (TCP simultaneous open). The "client" then
// holds the port, the restarted server cannot bind it, and the test hangs.
//
// A start checks that the server answering is this one (its process id): a port another
// server holds would otherwise pass the ping, and the test's outage would kill nothing.

export type OwnRedis = Awaited<ReturnType<typeof ownRedis>>;

const pidOn = (port: number) => {
  const info = spawnSync('redis-cli', ['-p', String(port), 'info', 'server'], {
    encoding: 'utf8',
  });
  const pid = /process_id:(\d+)/.exec(info.stdout ?? '')?.[1];
  return pid ? Number(pid) : null;
};

export async function ownRedis() {
  let port = 0;
  let child: ChildProcess | null = null;

  /** Starts redis-server on `port`; answers whether this server is the one answering there. */
  async function startOn(candidate: number): Promise<boolean> {
    const started = spawn(
      'redis-server',
      ['--port', String(candidate), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 50 && started.exitCode === null; i++) {
      const pid = pidOn(candidate);
      if (pid === started.pid) {
        child = started;
        return true;
      }
      if (pid !== null) break; // someone else's server holds the port
      await new Promise((r) => setTimeout(r, 100));
    }
    started.kill('SIGKILL');
    return false;
  }

  const server = {
    get url() {
      return `redis://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    get running() {
      return child !== null;
    },
    /** Starts the server again, on the same port. */
    async start() {
      if (!(await startOn(port))) throw new Error(`the test Redis did not start on port ${port}`);
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
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = 20_000 + Math.floor(Math.random() * 12_000);
    if (await startOn(candidate)) {
      port = candidate;
      return server;
    }
  }
  throw new Error('the test Redis did not start (five ports tried)');
}
