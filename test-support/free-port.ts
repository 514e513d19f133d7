// A loopback port nothing listens on, for a server a test or a benchmark starts (the port is
// free when asked; the server started next takes it). Shared by the server's tests, the browser
// tests and the benchmarks.
import { createServer } from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}
