// Whether a link answers, asked politely: a User-Agent naming the product, robots.txt read
// first (once per origin per round) and obeyed, one request per host at a time and at least
// `perHostMs` apart, a timeout on every request, HEAD first and a GET (its body read up to
// BODY_CAP bytes, then dropped) when HEAD is refused, and redirects followed by hand so a loop
// is seen. server/services/mediaChecks.ts runs it on the links the records hold. A host that
// resolves to a private, loopback or link-local address is not asked (unless `allowPrivate`):
// links come from admins and from crawled bank pages, and must not make the server probe its
// own network. Checked before each hop, redirects included.
import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** What the checker says it is (README.md, LINK_CHECK_*): site owners see it in their logs. */
export const CHECKER_AGENT = 'CardsAdminLinkChecker/1.0 (catalogue health; +https://github.com/cards-admin)';
/** The name robots.txt groups may address it by. */
const ROBOTS_NAME = 'cardsadminlinkchecker';
/** Bytes of a body (and of robots.txt) read at most: the status is what is wanted. */
export const BODY_CAP = 64 * 1024;
const MAX_REDIRECTS = 5;

export interface LinkResult {
  state: 'ok' | 'broken' | 'skipped';
  status: number | null;
  reason: string;
}

export interface LinkCheckerOptions {
  timeoutMs: number;
  perHostMs: number;
  /** true: hosts on private, loopback or link-local addresses are asked too (LINK_CHECK_PRIVATE). */
  allowPrivate?: boolean;
}

type Rules = { allow: boolean; path: string }[];

/** One round's checker: robots.txt and the hosts' last requests are remembered for its links. */
export function linkChecker(o: LinkCheckerOptions) {
  const robots = new Map<string, Promise<Rules>>();
  /** Per host, the chain of its requests: each waits for the one before and `perHostMs` more. */
  const hostTurn = new Map<string, Promise<void>>();

  /** Runs `fn` in the host's turn: after its previous request ended and `perHostMs` passed. */
  function inTurn<T>(host: string, fn: () => Promise<T>): Promise<T> {
    const before = hostTurn.get(host) ?? Promise.resolve();
    const mine = before.then(fn);
    hostTurn.set(
      host,
      mine.then(
        () => pause(o.perHostMs),
        () => pause(o.perHostMs),
      ),
    );
    return mine;
  }

  async function request(url: URL, method: 'HEAD' | 'GET'): Promise<{ status: number; location: string | null }> {
    return inTurn(url.host, async () => {
      const signal = AbortSignal.timeout(o.timeoutMs);
      const res = await fetch(url, {
        method,
        redirect: 'manual',
        signal,
        headers: { 'user-agent': CHECKER_AGENT, accept: '*/*' },
      });
      // The body is not wanted: read a little (some servers only answer once it is taken), then drop it.
      await drain(res, BODY_CAP);
      return { status: res.status, location: res.headers.get('location') };
    });
  }

  function rulesOf(url: URL): Promise<Rules> {
    let r = robots.get(url.origin);
    if (!r) {
      r = inTurn(url.host, async () => {
        try {
          const res = await fetch(new URL('/robots.txt', url), {
            redirect: 'follow',
            signal: AbortSignal.timeout(o.timeoutMs),
            headers: { 'user-agent': CHECKER_AGENT },
          });
          if (!res.ok) {
            await drain(res, 0);
            return [];
          }
          return parseRobots(await readText(res, BODY_CAP));
        } catch {
          // No robots.txt to read (the site is down: the link's own request says so): nothing disallowed.
          return [];
        }
      });
      robots.set(url.origin, r);
    }
    return r;
  }

  /** Checks one link: never throws. */
  return async function check(link: string): Promise<LinkResult> {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return { state: 'broken', status: null, reason: 'Not a web address' };
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { state: 'broken', status: null, reason: `Not a web address (${url.protocol})` };
    const seen = new Set<string>();
    try {
      for (let hop = 0; ; hop++) {
        if (seen.has(url.href)) return { state: 'broken', status: null, reason: `Redirect loop at ${url.href}` };
        seen.add(url.href);
        if (!o.allowPrivate) {
          const inside = await privateAddress(url.hostname);
          if (inside)
            return {
              state: 'skipped',
              status: null,
              reason: `${url.hostname} is a private address (${inside}): not fetched (LINK_CHECK_PRIVATE)`,
            };
        }
        if (!allowed(await rulesOf(url), url.pathname + url.search))
          return {
            state: 'skipped',
            status: null,
            reason: `robots.txt of ${url.host} asks not to fetch ${url.pathname}`,
          };
        let res = await request(url, 'HEAD');
        // HEAD refused (405, 501, or a server that answers HEAD with an error): ask with GET.
        if (res.status >= 400 && res.status !== 404 && res.status !== 410) res = await request(url, 'GET');
        if (res.status >= 300 && res.status < 400 && res.location) {
          if (hop >= MAX_REDIRECTS)
            return { state: 'broken', status: res.status, reason: `More than ${MAX_REDIRECTS} redirects` };
          url = new URL(res.location, url);
          continue;
        }
        if (res.status >= 200 && res.status < 400) return { state: 'ok', status: res.status, reason: '' };
        return { state: 'broken', status: res.status, reason: `HTTP ${res.status}` };
      }
    } catch (err) {
      return { state: 'broken', status: null, reason: failure(err, o.timeoutMs) };
    }
  };
}

/** The ranges a link must not reach unless allowed: this host, its networks, link-local, multicast. */
const INSIDE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  INSIDE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  INSIDE.addSubnet(net, bits, 'ipv6');

/** The first inside address `host` names or resolves to, or null (one that does not resolve fails later, as a link). */
export async function privateAddress(host: string): Promise<string | null> {
  const bare = host.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(bare) ? [bare] : (await lookup(bare, { all: true })).map((a) => a.address);
  } catch {
    return null;
  }
  // BlockList judges an IPv4 address written as IPv6 (::ffff:a00:1) by the IPv4 ranges.
  for (const a of addresses) if (INSIDE.check(a, isIP(a) === 6 ? 'ipv6' : 'ipv4')) return a;
  return null;
}

/** A request's failure in words: "No answer in 10000 ms", "ENOTFOUND". */
function failure(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === 'TimeoutError' || e?.name === 'AbortError') return `No answer in ${timeoutMs} ms`;
  const code = e?.cause?.code;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'Host not found';
  if (code === 'ECONNREFUSED') return 'Connection refused';
  return code ?? e?.cause?.message ?? e?.message ?? String(err);
}

const pause = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

/** Reads up to `cap` bytes of the body, then cancels the rest (a huge or endless body costs `cap`). */
async function drain(res: Response, cap: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  if (!res.body) return chunks;
  const reader = res.body.getReader();
  let read = 0;
  try {
    while (read < cap) {
      const { done, value } = await reader.read();
      if (done) return chunks;
      chunks.push(value);
      read += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return chunks;
}

async function readText(res: Response, cap: number): Promise<string> {
  const chunks = await drain(res, cap);
  return Buffer.concat(chunks).subarray(0, cap).toString('utf8');
}

/**
 * The rules of robots.txt that apply to this checker: the group naming it, else the `*` group
 * (RFC 9309). Lines are `User-agent`, `Allow` and `Disallow`; the rest is ignored.
 */
export function parseRobots(text: string): Rules {
  const groups: { agents: string[]; rules: Rules }[] = [];
  let current: { agents: string[]; rules: Rules } | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) groups.push((current = { agents: [], rules: [] }));
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current || (key !== 'allow' && key !== 'disallow')) continue;
    // An empty Disallow allows everything: no rule.
    if (value) current.rules.push({ allow: key === 'allow', path: value });
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && ROBOTS_NAME.includes(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
  return chosen.flatMap((g) => g.rules);
}

/** The longest matching rule decides; Allow wins a tie; no rule matching allows (RFC 9309). */
export function allowed(rules: Rules, path: string): boolean {
  let best: { allow: boolean; length: number } | null = null;
  for (const r of rules) {
    if (!matches(r.path, path)) continue;
    const length = r.path.length;
    if (!best || length > best.length || (length === best.length && r.allow)) best = { allow: r.allow, length };
  }
  return best?.allow ?? true;
}

/** A robots.txt path pattern: a prefix, with `*` for any characters and `$` for the end. */
function matches(pattern: string, path: string): boolean {
  const re = new RegExp(
    '^' +
      pattern
        .split('')
        .map((c, i) =>
          c === '*' ? '.*' : c === '$' && i === pattern.length - 1 ? '$' : c.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
        )
        .join(''),
  );
  return re.test(path);
}
