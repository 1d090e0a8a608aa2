// A real SMTP server for the cluster lab's production nodes (production requires SMTP_URL):
// the journeys' mailbox (scripts/mailbox.mjs), each message a JSON file in <dir>. Started by
// services.ts inside the lab's service namespace. Arguments: <dir> <port>.
import { startMailbox } from '../../scripts/mailbox.mjs';

const [dir, port] = process.argv.slice(2);
const url = await startMailbox(dir, Number(port));
console.log(`listening: ${url}`);
