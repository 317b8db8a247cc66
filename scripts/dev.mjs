// `npm run dev`: the API server restarted on change (tsx watch) and Vite's dev server with
// hot reload, which proxies /api, /admin/v1, /uploads and /health to it.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const env = {
  ...process.env,
  SKIP_CLIENT_BUILD: '1',
  PORT: port,
  API_PROXY: process.env.API_PROXY ?? `http://localhost:${port}`,
};
const procs = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', process.env.VITE_PORT ?? '5173'], { stdio: 'inherit', env }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs)
  p.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
