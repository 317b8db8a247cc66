// The server's one logger: JSON lines through pino (Fastify's own logger), at LOG_LEVEL
// (server/config.ts). The app's requests (server/http/requestLog.ts) and every service log
// through it or a child of it ({ service: 'mail' }, …), so an operator reads one stream.
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** A logger at `level` writing to `destination` (default: stdout, synchronously, so no line is lost at exit). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  // pino's own default writes a tick later: a line and a plain write after it (server/main.ts's
  // first sign-in block) would come out the other way round.
  return pino({ name: 'cards-admin', level }, destination ?? pino.destination({ dest: 1, sync: true }));
}

/** A service's lines at `level` through a child of `logger`: what services that take `log(msg)` are given. */
export const lineLogger = (logger: Logger, service: string, level: 'info' | 'warn' | 'error' = 'info') => {
  const child = logger.child({ service });
  return (msg: string) => child[level](msg);
};
