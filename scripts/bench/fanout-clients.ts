// A share of `npm run bench:fanout`'s patients, in a child process: one socket.io client per
// session cookie. Each records Date.now() when its page would show a new place, from either the
// line's broadcast ('queue-line', ADR 0021) or its own 'queue-update' (the path before it), and
// this process tells the parent, per admission, when its last and first patient heard.
import { io, type Socket } from 'socket.io-client';
import type { QueueStatusView } from '../../src/shared/queue.js';
import { applyQueueLine } from '../../src/shared/queue-line.js';
import { type QueueLine, SOCKET_PATH } from '../../src/shared/realtime.js';

interface Patient {
  socket: Socket;
  view: QueueStatusView | null;
  /** The place at the start: the patient expects place `start - k` after the k-th admission. */
  start: number;
  heard: Map<number, number>;
}

const port = process.argv[2]!;
const patients: Patient[] = [];
const reported = new Set<number>();
let cpuStart = process.cpuUsage();

function heard(patient: Patient, view: QueueStatusView | null) {
  if (!view) return;
  if (!patient.start && view.status === 'waiting') patient.start = view.position;
  patient.view = view;
  if (view.status !== 'waiting') return;
  const round = patient.start - view.position;
  if (round > 0 && !patient.heard.has(round)) {
    const at = Date.now();
    patient.heard.set(round, at);
    tally(round, at);
  }
}

/**
 * Counts who has heard admission `round` and reports once everyone still waiting after it
 * (start > round) has. A running count per round: a scan of all patients on each notice would
 * itself delay the notices still to be read (quadratic in the process's share).
 */
const rounds = new Map<number, { expected: number; count: number; last: number; first: number }>();
function tally(round: number, at: number) {
  let r = rounds.get(round);
  if (!r) {
    const expected = patients.filter((p) => p.start > round).length;
    r = { expected, count: 0, last: 0, first: Number.POSITIVE_INFINITY };
    rounds.set(round, r);
  }
  r.count++;
  r.last = Math.max(r.last, at);
  r.first = Math.min(r.first, at);
  if (r.count === r.expected && !reported.has(round)) {
    reported.add(round);
    process.send?.({ round, last: r.last, first: r.first });
  }
}

function connect(cookie: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = io(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: { cookie },
      reconnection: false,
      forceNew: true, // one connection per patient, as with 5,000 phones
    });
    const patient: Patient = { socket, view: null, start: 0, heard: new Map() };
    patients.push(patient);
    socket.on('queue-update', ({ status }: { status: QueueStatusView | null }) => {
      heard(patient, status);
      if (status) resolve();
    });
    socket.on('queue-line', (line: QueueLine) => {
      if (patient.view) heard(patient, applyQueueLine(patient.view, line));
    });
    socket.on('connect_error', reject);
  });
}

process.on('message', async (message: { cookies?: string[]; cpu?: boolean; stop?: boolean }) => {
  if (message.cookies) {
    const batch = 100;
    for (let i = 0; i < message.cookies.length; i += batch)
      await Promise.all(message.cookies.slice(i, i + batch).map(connect));
    cpuStart = process.cpuUsage();
    process.send?.({ connected: patients.length });
  }
  if (message.cpu) {
    const used = process.cpuUsage(cpuStart);
    cpuStart = process.cpuUsage(); // each answer covers the time since the last one
    process.send?.({ cpuMs: (used.user + used.system) / 1000 });
  }
  if (message.stop) {
    for (const p of patients) p.socket.close();
    process.exit(0);
  }
});
