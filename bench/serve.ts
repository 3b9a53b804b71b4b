/** A static file server on 127.0.0.1 for the benches' own pages (chart harness, reference page). */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
};

export function serve(dir: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    const rel =
      decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname).replace(/^\/+/, '') ||
      'index.html';
    const file = path.join(dir, path.normalize(rel));
    if (!file.startsWith(dir)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res
        .writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' })
        .end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve({ server, url: `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}/` });
    }),
  );
}

/**
 * The production build under `vite preview` on 127.0.0.1:port, as the benches
 * load the app (startup trace, cold load, soak), once it answers. `stop()`
 * ends the server and its child processes.
 */
export async function preview(port: number, dir = 'dist'): Promise<{ stop(): void }> {
  const app = spawn(
    'npx',
    [
      'vite',
      'preview',
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--strictPort',
      '--outDir',
      dir,
    ],
    { stdio: 'ignore', detached: true },
  );
  const stop = () => {
    try {
      if (app.pid) process.kill(-app.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return { stop };
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  stop();
  throw new Error(`vite preview did not answer on port ${port} (is the port taken?)`);
}
