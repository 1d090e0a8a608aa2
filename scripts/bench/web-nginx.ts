// The deploy recipe's front for `npm run bench:web`: deploy/nginx/okmmj.conf rendered as the
// operations guide renders it (TLS, HTTP/2, the build's precompressed assets from disk) in front
// of the production server, so Lighthouse loads the pages the way a patient's phone gets them.
// nginx runs from its own directory with a self-signed certificate for 127.0.0.1.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { nginxMainConfig, renderSite, selfSignedCertificate } from '../../e2e/cluster/services';

export interface NginxFront {
  origin: string;
  stop(): Promise<void>;
}

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startNginxFront(
  appPort: number,
  httpsPort: number,
  httpPort: number,
): Promise<NginxFront> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'okmmj-bench-nginx-'));
  const file = (name: string) => path.join(dir, name);
  const { certificate, key } = selfSignedCertificate({ file }, '127.0.0.1');
  writeFileSync(
    file('okmmj.conf'),
    renderSite({
      serverName: '127.0.0.1',
      httpsPort,
      httpPort,
      upstreams: [`127.0.0.1:${appPort}`],
      certificate,
      key,
    }),
  );
  writeFileSync(file('nginx.conf'), nginxMainConfig(dir, file('okmmj.conf')));
  const nginx: ChildProcess = spawn(
    'nginx',
    ['-p', dir, '-c', file('nginx.conf'), '-e', file('error.log'), '-g', 'daemon off;'],
    { stdio: 'ignore' },
  );
  const stop = async () => {
    if (nginx.exitCode === null) {
      nginx.kill('SIGQUIT');
      await once(nginx, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100 && !(await accepting(httpsPort)); i++) {
    if (nginx.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!(await accepting(httpsPort))) {
    const log = readFileSync(file('error.log'), 'utf8').slice(-2000);
    await stop();
    throw new Error(`nginx did not start on ${httpsPort}:\n${log}`);
  }
  return { origin: `https://127.0.0.1:${httpsPort}`, stop };
}
