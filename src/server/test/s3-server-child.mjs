// s3rver (npm) serving one bucket from a folder: started by s3-server.ts in its own process.
// Arguments: <directory> <bucket>. Prints {"port":…} once listening; exits when its parent
// closes stdin (so a crashed test run leaves no server behind).
import { createRequire } from 'node:module';

const S3rver = createRequire(import.meta.url)('s3rver');
const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  address: '127.0.0.1',
  port: 0,
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on('end', () => process.exit(0));
process.stdin.resume();
