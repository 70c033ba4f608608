import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './lib/product';

/**
 * `npm run dev`: the API from source, restarted by tsx on every change, and the web tier's own host with
 * Vite inside it (web-server/dev.ts: hot reload, and the headers, page memory and compression of
 * production), on the demo data in ./data. `npm start` runs the built product instead.
 */
const WEB_PORT = process.env.PORT ?? '3000';
const API_PORT = process.env.API_PORT ?? '8000';
const env = { ...process.env, PORT: WEB_PORT, API_PORT, NODE_ENV: 'development' };
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'server/main.ts'], { cwd: ROOT, env, stdio: 'inherit' }),
  // Restarted when the host's own code changes; Vite reloads the app and the site itself.
  spawn(bin('tsx'), ['watch', '--clear-screen=false', 'web-server/dev.ts'], { cwd: ROOT, env, stdio: 'inherit' }),
];

let stopping = false;
function stop() {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
for (const child of children) {
  // One side gone (a port taken, a syntax error the watcher cannot survive) leaves nothing worth running.
  child.once('exit', () => {
    if (!stopping) process.exitCode = 1;
    stop();
  });
}
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
