// A real SMTP server for the cluster lab's production nodes (production requires SMTP_URL):
// takes every message and logs only that one arrived (no address, no content). Started by
// services.ts inside the lab's service namespace. Argument: <port>.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2] ?? 2525);
let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      console.log(`message ${received} received`);
      callback();
    });
    stream.resume();
  },
});
server.listen(port, '127.0.0.1', () => console.log(`listening on 127.0.0.1:${port}`));
