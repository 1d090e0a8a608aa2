// One app node for `npm run bench:fanout`, in its own process (fanout.ts starts it).
// argv: database URL, port (0: any), data dir, Redis URL or "-". Sends { ready: port } once
// listening; answers
// the parent's "cpu" message with its CPU time and event-loop use since the last one, and
// "profile-start"/"profile-stop" with a CPU profile's summary.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app.js';
import { testConfig } from '../../src/server/config.js';
import { openDatabase } from '../../src/server/db/client.js';
import { linkCluster } from '../../src/server/realtime/cluster.js';
import { startProfile, stopProfile } from './cpu-profile.js';

const [databaseUrl, port, dataDir, redisUrl] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const database = await openDatabase({ databaseUrl, dataDir, poolSize: 10 });
const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database });
if (redisUrl !== '-') app.addHook('onClose', await linkCluster(app.ctx, redisUrl));
await app.listen({ port: Number(port), host: '127.0.0.1' });
const address = app.server.address();

let cpu = process.cpuUsage();
let elu = performance.eventLoopUtilization();
process.on('message', async (message) => {
  if (message === 'profile-start') await startProfile();
  if (message === 'profile-stop') process.send?.({ profile: await stopProfile() });
  if (message === 'cpu') {
    const used = process.cpuUsage(cpu);
    const loop = performance.eventLoopUtilization(elu);
    cpu = process.cpuUsage();
    elu = performance.eventLoopUtilization();
    process.send?.({
      cpuMs: (used.user + used.system) / 1000,
      systemMs: used.system / 1000,
      eventLoop: loop.utilization,
    });
  }
  if (message === 'stop')
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0));
});
// Port 0: the system picks a free one, reported to the parent.
process.send?.({ ready: typeof address === 'object' && address ? address.port : 0 });
