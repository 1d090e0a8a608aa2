import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect } from '@playwright/test';
import { Lab, type Namespace, type Spawned } from './netns';
import {
  createDatabase,
  selfSignedCertificate,
  startAppNode,
  startCoturn,
  startMailSink,
  startNginx,
  startRedis,
  startS3,
} from './services';

// The clinic the cluster journeys run against (issue 14), built as docs/operations.md builds
// one. Three namespaces:
//   A (the patient's browser) 10.201.1.2 ── 10.201.1.1 ┐
//                                                       S: app nodes, nginx, coturn, redis,
//   B (the physician's browser) 10.201.2.2 ── 10.201.2.1 ┘  s3rver; service address 10.201.3.1
// A and B each route only to S's service address, and S does not forward, so A and B have no
// path to each other: their calls connect only through coturn's relay. nginx and coturn run
// with the recipe's own files (deploy/), rendered for these addresses and ports.
//
// The nodes run in production mode, with the settings production requires (an encryption
// key, a mail server, TURN, the second factor for staff): the clinic starts empty, and the
// tests open it as a clinic does (clinic-staff.ts: the first admin with the setup token, staff
// who enrol their authenticator; patients register).

export const SERVICE = '10.201.3.1';
export const A_ADDRESS = '10.201.1.2';
export const B_ADDRESS = '10.201.2.2';
export const HTTPS_PORT = 8443;
export const HTTP_PORT = 8080;
export const TURN_PORT = 3478;
export const TURN_SECRET = 'cluster-test-turn-secret-0123456789';
export const METRICS_TOKEN = 'cluster-test-metrics-token';
export const ADMIN_SETUP_TOKEN = 'cluster-test-admin-setup-token';
export const ORIGIN = `https://${SERVICE}:${HTTPS_PORT}`;
const FIRST_NODE_PORT = 3001;

export interface ClinicLab {
  lab: Lab;
  s: Namespace;
  a: Namespace;
  b: Namespace;
  /** The app nodes, node-1 on port 3001, node-2 on 3002… */
  nodes: { name: string; port: number; process: Spawned }[];
}

/**
 * Builds the lab and starts the clinic: `nodes` app nodes behind nginx, sharing PostgreSQL,
 * Redis and (with `s3`) one bucket. Tears the lab down again when a part fails to start.
 */
export async function startClinicLab(
  name: string,
  options: { nodes: number; s3?: boolean },
): Promise<ClinicLab> {
  // Configurations and every process's log stay here after the run.
  const lab = new Lab(path.resolve(`test-results/cluster/${name}`));
  try {
    const s = lab.namespace('s');
    const a = lab.namespace('a');
    const b = lab.namespace('b');
    lab.link(s, '10.201.1.1/24', a, `${A_ADDRESS}/24`);
    lab.link(s, '10.201.2.1/24', b, `${B_ADDRESS}/24`);
    lab.serviceAddress(s, SERVICE);
    lab.route(a, SERVICE, '10.201.1.1');
    lab.route(b, SERVICE, '10.201.2.1');

    const tls = selfSignedCertificate(lab, SERVICE);
    const redisUrl = await startRedis(lab, s);
    const blobs = options.s3 ? await startS3(lab, s) : {};
    await startCoturn(lab, s, {
      realm: 'clinic.test',
      secret: TURN_SECRET,
      address: SERVICE,
      port: TURN_PORT,
      minPort: 49160,
      maxPort: 49200,
      // The browsers' networks and the relay's own address are private, yet reached on
      // purpose: the "ranges other than those configured" of the issue.
      allowedPeers: ['10.201.1.0-10.201.1.255', '10.201.2.0-10.201.2.255', SERVICE],
    });
    const env = {
      NODE_ENV: 'production',
      ADMIN_SETUP_TOKEN,
      // No money moves: the simulator, as on a staging host.
      PAYMENT_PROVIDER: 'simulator',
      SMTP_URL: await startMailSink(lab, s),
      DATABASE_URL: createDatabase(lab),
      REDIS_URL: redisUrl,
      PUBLIC_URL: ORIGIN,
      ICE_TURN_URLS: `turn:${SERVICE}:${TURN_PORT}`,
      ICE_TURN_SECRET: TURN_SECRET,
      METRICS_TOKEN,
      // One key for the clinic, as the env file every node copies holds (docs/operations.md).
      DOCUMENT_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...blobs,
    };
    // Started together, as a deploy does: one runs the migrations under the advisory lock,
    // the other waits for it (db/migrate.ts).
    const ports = Array.from({ length: options.nodes }, (_, i) => FIRST_NODE_PORT + i);
    const nodes = await Promise.all(
      ports.map(async (port, i) => {
        const nodeName = `node-${i + 1}`;
        return {
          name: nodeName,
          port,
          process: await startAppNode(lab, s, { name: nodeName, port, env }),
        };
      }),
    );
    const nginx = await startNginx(lab, s, {
      serverName: SERVICE,
      httpsPort: HTTPS_PORT,
      httpPort: HTTP_PORT,
      upstreams: ports.map((port) => `127.0.0.1:${port}`),
      certificate: tls.certificate,
      key: tls.key,
    });
    expect(nginx.test).toContain('syntax is ok');
    expect(nginx.test).toContain('test is successful');
    return { lab, s, a, b, nodes };
  } catch (err) {
    await lab.teardown();
    throw err;
  }
}

/** A node's Prometheus figures, scraped from S with the token: name → value (unlabelled). */
export function nodeMetrics(clinic: ClinicLab, port: number): Map<string, number> {
  const text = clinic.lab.exec(clinic.s, 'curl', [
    '-sf',
    '-H',
    `Authorization: Bearer ${METRICS_TOKEN}`,
    `http://127.0.0.1:${port}/metrics`,
  ]);
  const figures = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([a-z_]+) (\S+)$/.exec(line);
    if (match) figures.set(match[1]!, Number(match[2]));
  }
  return figures;
}
