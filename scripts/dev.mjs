#!/usr/bin/env node
// `npm run dev`: the API (restarting on change) on API_PORT and Vite's dev server, which
// proxies /api and /socket.io to it, on PORT (default 5173).
import { spawn } from 'node:child_process';
import { demoSettings } from './demo-data.mjs';

const apiPort = process.env.API_PORT ?? '3001';
const webPort = process.env.PORT ?? '5173';
const children = [
  spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...demoSettings(process.env, process.cwd()),
      PORT: apiPort,
      // Browsers talk to Vite's port; the API accepts writes from that origin (open the app
      // at this address, not 127.0.0.1, in development).
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${webPort}`,
    },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children)
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
