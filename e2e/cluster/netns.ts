import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// The network lab of the cluster tests (issue 14): Linux network namespaces joined by veth
// pairs, so browsers, app nodes, nginx and coturn sit on networks that can or cannot see each
// other, as patients behind home routers and a clinic's server do. Needs root (`ip netns`).
//
// Everything the lab creates is named with one prefix (okt<pid>…) and written to a registry
// file, so a teardown — this process's or e2e/cluster/global-teardown.ts's after a crash —
// removes exactly what was made here: the processes inside its namespaces, then the
// namespaces (which takes their veth ends with them). Nothing is configured in the root
// namespace; its only trace there is the registry file.

/**
 * Where labs record what they made; the cluster config's global teardown sweeps it. Outside
 * test-results, which other Playwright runs empty: a record must outlive them.
 */
export const registryDir = () =>
  process.env.OKMMJ_LAB_REGISTRY ?? path.join(tmpdir(), 'okmmj-cluster-labs');

export interface Namespace {
  /** The kernel's name of the namespace, e.g. okt1234s. */
  name: string;
}

export interface Spawned {
  name: string;
  ns: Namespace;
  child: ChildProcess;
  log: string;
  exited: Promise<number | null>;
}

/** Runs `ip …`; throws with ip's message. */
export function ip(...args: string[]): string {
  return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

export class Lab {
  readonly prefix: string;
  readonly dir: string;
  private readonly namespaces: Namespace[] = [];
  private readonly processes: Spawned[] = [];
  private readonly cleanups: (() => void | Promise<void>)[] = [];
  private readonly registry: string;

  /** `dir` holds the lab's files (configs, certificates, logs); it is created fresh. */
  constructor(dir: string, prefix = `okt${process.pid}`) {
    this.prefix = prefix;
    this.dir = dir;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    mkdirSync(registryDir(), { recursive: true });
    this.registry = path.join(registryDir(), `${prefix}.list`);
  }

  /** A file path inside the lab's directory. */
  file(name: string): string {
    return path.join(this.dir, name);
  }

  /** A new namespace `<prefix><suffix>` with loopback up. */
  namespace(suffix: string): Namespace {
    const ns = { name: `${this.prefix}${suffix}` };
    appendFileSync(this.registry, `netns ${ns.name}\n`);
    ip('netns', 'add', ns.name);
    this.namespaces.push(ns);
    this.exec(ns, 'ip', ['link', 'set', 'lo', 'up']);
    return ns;
  }

  /**
   * A veth pair between two namespaces, each end with an address in CIDR form
   * (10.201.1.1/24). The ends are named <prefix><a><b> and <prefix><b><a>.
   */
  link(a: Namespace, aAddress: string, b: Namespace, bAddress: string): void {
    const tail = (ns: Namespace) => ns.name.slice(this.prefix.length);
    const aEnd = `${this.prefix}${tail(a)}${tail(b)}`;
    const bEnd = `${this.prefix}${tail(b)}${tail(a)}`;
    if (aEnd.length > 15) throw new Error(`interface name ${aEnd} is longer than 15 characters`);
    ip('link', 'add', aEnd, 'netns', a.name, 'type', 'veth', 'peer', 'name', bEnd, 'netns', b.name);
    for (const [ns, end, address] of [
      [a, aEnd, aAddress],
      [b, bEnd, bAddress],
    ] as const) {
      this.exec(ns, 'ip', ['addr', 'add', address, 'dev', end]);
      this.exec(ns, 'ip', ['link', 'set', end, 'up']);
    }
  }

  /** An extra address on the namespace's loopback: a service address other namespaces route to. */
  serviceAddress(ns: Namespace, address: string): void {
    this.exec(ns, 'ip', ['addr', 'add', `${address}/32`, 'dev', 'lo']);
  }

  /** A route in `ns` to `destination` (CIDR or address) through `via`. */
  route(ns: Namespace, destination: string, via: string): void {
    this.exec(ns, 'ip', ['route', 'add', destination, 'via', via]);
  }

  /** Runs a command to completion inside `ns`; throws with its output when it fails. */
  exec(ns: Namespace, command: string, args: string[], input?: string): string {
    return execFileSync('ip', ['netns', 'exec', ns.name, command, ...args], {
      encoding: 'utf8',
      input,
      stdio: ['pipe', 'pipe', 'pipe'],
      timeout: 60_000,
    });
  }

  /** Like exec, but answers the exit status and output instead of throwing. */
  try(ns: Namespace, command: string, args: string[]): { status: number; output: string } {
    try {
      return { status: 0, output: this.exec(ns, command, args) };
    } catch (err) {
      const e = err as { status?: number; stdout?: string; stderr?: string };
      return { status: e.status ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
    }
  }

  /** Starts a long-running process inside `ns`; its output goes to <dir>/<name>.log. */
  spawn(
    ns: Namespace,
    name: string,
    command: string,
    args: string[],
    env: NodeJS.ProcessEnv = process.env,
  ): Spawned {
    const log = this.file(`${name}.log`);
    const out = openSync(log, 'a');
    // `ip netns exec` execs the command, so the child's pid is the command's own.
    const child = spawn('ip', ['netns', 'exec', ns.name, command, ...args], {
      env,
      stdio: ['ignore', out, out],
    });
    const exited = new Promise<number | null>((resolve) => {
      child.once('exit', (code) => resolve(code));
      child.once('error', () => resolve(-1));
    });
    const spawned = { name, ns, child, log, exited };
    this.processes.push(spawned);
    return spawned;
  }

  /** Something else to undo at teardown (a database to drop…), run after the processes stop. */
  onTeardown(cleanup: () => void | Promise<void>): void {
    this.cleanups.push(cleanup);
  }

  /** The last lines of a process's log, for a failure message. */
  tail(spawned: Spawned, lines = 30): string {
    try {
      return readFileSync(spawned.log, 'utf8').split('\n').slice(-lines).join('\n');
    } catch {
      return '';
    }
  }

  /**
   * Stops every process (SIGTERM, then SIGKILL after 5 s), runs the cleanups, kills anything
   * still inside the namespaces (a browser's helpers) and deletes them. Never throws: it is
   * called from failure paths. A second call finds nothing left to do.
   */
  async teardown(): Promise<void> {
    const processes = this.processes.splice(0);
    const cleanups = this.cleanups.splice(0).reverse();
    const namespaces = this.namespaces.splice(0);
    await Promise.all(
      processes.map(async ({ child, exited }) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    for (const cleanup of cleanups) {
      try {
        await cleanup();
      } catch (err) {
        console.error(`lab cleanup: ${(err as Error).message}`);
      }
    }
    for (const ns of namespaces) removeNamespace(ns.name);
    rmSync(this.registry, { force: true });
  }
}

/** Kills what still runs inside a namespace, then deletes it; quiet when it is gone. */
export function removeNamespace(name: string): void {
  try {
    const pids = ip('netns', 'pids', name).split('\n').filter(Boolean);
    for (const pid of pids) {
      try {
        process.kill(Number(pid), 'SIGKILL');
      } catch {}
    }
    ip('netns', 'del', name);
  } catch {}
}

/**
 * Sweeps a registry file left by a lab whose process died. Every process a lab starts runs
 * inside one of its namespaces, so killing what `ip netns pids` lists there reaches them all
 * and nothing else (a recorded pid could have been reused by another program since).
 */
export function sweepRegistry(file: string): void {
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [kind, value] = line.split(' ');
    if (kind === 'netns' && value) removeNamespace(value);
  }
  rmSync(file, { force: true });
}

/** Polls `check` until it answers true (or a truthy value), or fails after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => T | Promise<T>,
  timeoutMs = 30_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}${last ? `: ${(last as Error).message}` : ''}`);
}
