// One HTTP call for load generators on the machine under test: node:http on a keep-alive
// agent. fetch (undici) cost bench/distinct.ts's load generator 3.6 ms of CPU a call, a
// quarter of all the CPU a list call took on a 2-core machine; this is the lighter client.
import http from 'node:http';

/** A keep-alive agent with room for `sockets` calls at once. */
export const keepAliveAgent = (sockets: number) => new http.Agent({ keepAlive: true, maxSockets: sockets });

/** Sends the call and reads the whole answer; resolves with the status (the body is dropped). */
export function httpCall(
  agent: http.Agent,
  url: string,
  init: { method?: string; body?: string; headers?: Record<string, string> },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { agent, method: init.method ?? 'GET', headers: init.headers }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(init.body);
  });
}
