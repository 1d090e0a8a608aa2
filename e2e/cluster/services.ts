import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Lab, type Namespace, type Spawned, waitUntil } from './netns';

// The parts of a deployment, started inside a lab's namespaces the way deploy/ and
// docs/operations.md install them on a host: nginx and coturn from Debian's packages with the
// recipe's own templates (rendered by deploy/render.mjs, as an operator does), a private
// redis-server, PostgreSQL through its unix socket, and the built app (dist/server/main.js).

/** Renders a deploy/ template with deploy/render.mjs, exactly as the operations guide does. */
export function renderTemplate(template: string, values: Record<string, string>): string {
  const pairs = Object.entries(values).map(([name, value]) => `${name}=${value}`);
  return execFileSync(process.execPath, ['deploy/render.mjs', template, ...pairs], {
    encoding: 'utf8',
    env: {},
  });
}

/** A self-signed certificate for `address` (an IP), valid a day: { certificate, key } paths. */
export function selfSignedCertificate(lab: Pick<Lab, 'file'>, address: string) {
  const certificate = lab.file('tls.crt');
  const key = lab.file('tls.key');
  execFileSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '1',
    '-subj',
    `/CN=${address}`,
    '-addext',
    `subjectAltName=IP:${address}`,
    '-keyout',
    key,
    '-out',
    certificate,
  ]);
  return { certificate, key };
}

/** Is something listening on `port` (tcp or udp) inside `ns`? */
export function listening(lab: Lab, ns: Namespace, protocol: 'tcp' | 'udp', port: number) {
  const flag = protocol === 'tcp' ? '-Hltn' : '-Hlun';
  return lab.exec(ns, 'ss', [flag, `sport = :${port}`]).trim().length > 0;
}

/** Fails with the process's log when it exits before it is ready. */
async function ready(
  lab: Lab,
  spawned: Spawned,
  what: string,
  check: () => boolean,
  timeoutMs = 30_000,
) {
  let exited = false;
  void spawned.exited.then(() => {
    exited = true;
  });
  try {
    await waitUntil(
      what,
      () => {
        if (exited) throw new Error(`${spawned.name} exited`);
        return check();
      },
      timeoutMs,
    );
  } catch (err) {
    throw new Error(`${(err as Error).message}\n${lab.tail(spawned)}`);
  }
}

export interface NginxSite {
  serverName: string;
  httpsPort: number;
  httpPort: number;
  upstreams: string[];
  maxBodySize?: string;
  certificate: string;
  key: string;
}

/** Where libnginx-mod-http-brotli-static installs the module the site's brotli_static needs. */
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

/**
 * nginx's own main configuration around the site: every path inside `dir`, so it runs beside a
 * host's own nginx. Also used by `npm run bench:web`, which measures the pages through it.
 */
export function nginxMainConfig(dir: string, site: string): string {
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, sub), { recursive: true });
  // Debian's modules-enabled/ names this module relative to /etc/nginx, which -p moves.
  return `load_module ${BROTLI_STATIC_MODULE};
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes 1;
events { worker_connections 512; }
http {
    include /etc/nginx/mime.types;
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${site};
}
`;
}

/** deploy/nginx/okmmj.conf rendered for `site`, with this checkout's build as the assets. */
export function renderSite(site: NginxSite): string {
  return renderTemplate('deploy/nginx/okmmj.conf', {
    SERVER_NAME: site.serverName,
    HTTPS_PORT: String(site.httpsPort),
    HTTP_PORT: String(site.httpPort),
    TLS_CERTIFICATE: site.certificate,
    TLS_CERTIFICATE_KEY: site.key,
    UPSTREAM_SERVERS: site.upstreams.map((u) => `server ${u};`).join('\n    '),
    MAX_BODY_SIZE: site.maxBodySize ?? '512m',
    // The nodes run this checkout's build; nginx serves its assets from the same place.
    PUBLIC_DIR: path.resolve('dist/public'),
  });
}

/**
 * Renders deploy/nginx/okmmj.conf for the lab, checks it with `nginx -t`, and runs nginx in
 * the foreground inside `ns`. Answers the `nginx -t` output.
 */
export async function startNginx(lab: Lab, ns: Namespace, site: NginxSite) {
  const sitePath = lab.file('okmmj.conf');
  writeFileSync(sitePath, renderSite(site));
  const main = lab.file('nginx.conf');
  writeFileSync(main, nginxMainConfig(lab.file('nginx'), sitePath));
  const errorLog = lab.file('nginx/error.log');
  const base = ['-p', lab.file('nginx'), '-c', main, '-e', errorLog];
  // nginx -t writes its verdict to stderr; 2>&1 through sh keeps it for the assertion.
  const test = lab.exec(ns, 'sh', ['-c', `nginx ${base.join(' ')} -t 2>&1`]);
  const spawned = lab.spawn(ns, 'nginx', 'nginx', [...base, '-g', 'daemon off;']);
  await ready(lab, spawned, 'nginx', () => listening(lab, ns, 'tcp', site.httpsPort));
  return { spawned, test };
}

export interface Coturn {
  realm: string;
  secret: string;
  address: string;
  port: number;
  minPort: number;
  maxPort: number;
  /** Ranges relaying may reach although private (CIDR or a-b ranges, coturn's syntax). */
  allowedPeers: string[];
}

/** Renders deploy/coturn/turnserver.conf for the lab and runs turnserver inside `ns`. */
export async function startCoturn(lab: Lab, ns: Namespace, turn: Coturn) {
  const config = lab.file('turnserver.conf');
  writeFileSync(
    config,
    renderTemplate('deploy/coturn/turnserver.conf', {
      TURN_REALM: turn.realm,
      TURN_SECRET: turn.secret,
      TURN_LISTEN_IP: turn.address,
      TURN_RELAY_IP: turn.address,
      TURN_EXTERNAL_IP: turn.address,
      TURN_PORT: String(turn.port),
      TURN_MIN_PORT: String(turn.minPort),
      TURN_MAX_PORT: String(turn.maxPort),
      TURN_ALLOWED_PEERS: turn.allowedPeers.map((p) => `allowed-peer-ip=${p}`).join('\n'),
    }),
  );
  const spawned = lab.spawn(ns, 'coturn', 'turnserver', [
    '-c',
    config,
    '--pidfile',
    lab.file('turnserver.pid'),
    // coturn opens its user database even with use-auth-secret: keep it in the lab.
    '--userdb',
    lab.file('turndb'),
    // The recipe logs to stdout (journald on a host); here that is the lab's coturn.log.
  ]);
  await ready(lab, spawned, 'coturn', () => listening(lab, ns, 'udp', turn.port));
  return spawned;
}

/** A private redis-server on the namespace's loopback, nothing saved. Answers its URL. */
export async function startRedis(lab: Lab, ns: Namespace, port = 6379) {
  const spawned = lab.spawn(ns, 'redis', 'redis-server', [
    '--bind',
    '127.0.0.1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    lab.dir,
  ]);
  await ready(lab, spawned, 'redis', () => listening(lab, ns, 'tcp', port));
  return `redis://127.0.0.1:${port}`;
}

/**
 * s3rver (the S3-protocol server the blob store's tests use) inside `ns` on 127.0.0.1:9000,
 * its files in the lab, one bucket. Answers the S3 settings every app node gets.
 */
export async function startS3(lab: Lab, ns: Namespace, port = 9000) {
  const dir = lab.file('s3');
  mkdirSync(dir, { recursive: true });
  const spawned = lab.spawn(ns, 's3rver', process.execPath, [
    '--openssl-legacy-provider',
    'src/server/test/s3-server-child.mjs',
    dir,
    'okmmj-cluster',
    String(port),
  ]);
  await ready(lab, spawned, 's3rver', () => listening(lab, ns, 'tcp', port));
  return {
    BLOB_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'okmmj-cluster',
    ...{ S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' }, // s3rver's own account
    S3_FORCE_PATH_STYLE: 'true',
    // s3rver mis-stores the SDK's aws-chunked uploads (src/server/test/s3-server.ts).
    S3_CHECKSUM: 'WHEN_REQUIRED',
  };
}

/**
 * The lab's SMTP server (mail-sink.mjs) inside `ns`, messages kept as JSON under the lab's
 * mailbox/: answers the SMTP_URL the nodes get.
 */
export async function startMailSink(lab: Lab, ns: Namespace, port = 2525) {
  const spawned = lab.spawn(ns, 'mail', process.execPath, [
    'e2e/cluster/mail-sink.mjs',
    lab.file('mailbox'),
    String(port),
  ]);
  await ready(lab, spawned, 'mail sink', () => listening(lab, ns, 'tcp', port));
  return `smtp://127.0.0.1:${port}`;
}

/**
 * A fresh PostgreSQL database on the machine's server, dropped at teardown. Answers the URL
 * through the unix socket, the one way into it from inside a namespace.
 */
export function createDatabase(lab: Lab, name = lab.prefix): string {
  const socket = process.env.PGSOCKET_DIR ?? '/var/run/postgresql';
  const psql = (sql: string) =>
    execFileSync('psql', ['-h', socket, '-U', 'postgres', '-d', 'postgres', '-qc', sql], {
      stdio: 'pipe',
    });
  psql(`drop database if exists ${name} with (force)`);
  psql(`create database ${name}`);
  lab.onTeardown(() => {
    psql(`drop database if exists ${name} with (force)`);
  });
  return `postgres://postgres@/${name}?host=${socket}`;
}

export interface AppNode {
  name: string;
  port: number;
  env: Record<string, string>;
}

/**
 * The built app (npm run build) inside `ns` on 127.0.0.1:<port>, its own DATA_DIR; waits for
 * /api/health. `env` carries the deployment's settings (DATABASE_URL, REDIS_URL, ICE_*…).
 */
export async function startAppNode(lab: Lab, ns: Namespace, node: AppNode) {
  const dataDir = lab.file(`${node.name}-data`);
  mkdirSync(dataDir, { recursive: true });
  const env = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/root',
    HOST: '127.0.0.1',
    PORT: String(node.port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // nginx, on this namespace's loopback, is the one proxy whose X-Forwarded-* is believed.
    TRUST_PROXY: '127.0.0.1',
    ...node.env,
  };
  const spawned = lab.spawn(ns, node.name, process.execPath, ['dist/server/main.js'], env);
  const health = `http://127.0.0.1:${node.port}/api/health`;
  await ready(
    lab,
    spawned,
    `${node.name} /api/health`,
    () => lab.try(ns, 'curl', ['-sf', '-o', '/dev/null', health]).status === 0,
    // Migrations and the demo accounts' password hashes take a while on a busy machine.
    120_000,
  );
  return spawned;
}
