// s3rver (npm) serving one bucket from a folder: started by s3-server.ts in its own process.
// Arguments: <directory> <bucket> [port]. Prints {"port":…} once listening. Started with a pipe
// on stdin, it exits when its parent closes it (so a crashed test run leaves no server
// behind); the cluster lab starts it without one (stdin is /dev/null) and stops it itself.
import { fstatSync } from 'node:fs';
import { createRequire } from 'node:module';

const S3rver = createRequire(import.meta.url)('s3rver');
const [directory, bucket, wantedPort = '0'] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: Number(wantedPort),
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
const stdin = fstatSync(0);
if (stdin.isFIFO() || stdin.isSocket()) {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}
