// What a link sent to thousands of phones may not be: an address inside a network (loopback,
// private, link-local, unique-local) that no app user can open and that would point our own
// server or a user's router at itself; and text with bidirectional controls, which can make a
// title, a message or a link read as something it is not ("moc.knab" shown as "bank.com").
import net from 'node:net';

/** Loopback, private, link-local and "this network" ranges, both families (IPv4-mapped IPv6 included by BlockList). */
const INTERNAL = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  INTERNAL.addSubnet(address, prefix, 'ipv4');
}
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  INTERNAL.addSubnet(address, prefix, 'ipv6');
}

/** Names that resolve only inside a machine or a network (RFC 6761 localhost, mDNS .local, .internal). */
const INTERNAL_NAME = /(^|\.)(localhost|local|internal)$/;

/**
 * The host of `url` when it is internal (loopback, private, link-local, unique-local, an
 * internal name), as the URL parser reads it (so 2130706433 and 0x7f.1 are 127.0.0.1);
 * 'unparsable' when it is no URL at all; null when the link may go out.
 */
export function internalHostOf(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'unparsable';
  }
  host = host.replace(/\.$/, '');
  const bare = host.replace(/^\[|\]$/g, '');
  const family = net.isIP(bare);
  if (family) return INTERNAL.check(bare, family === 6 ? 'ipv6' : 'ipv4') ? bare : null;
  return INTERNAL_NAME.test(host) ? host : null;
}

/** Characters that reorder text as it is shown: embeddings, overrides, isolates, LRM/RLM. */
const BIDI = /[\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** The first bidirectional control in `text` as 'U+202E', or null. */
export function bidiControlIn(text: string): string | null {
  const m = BIDI.exec(text);
  return m ? `U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}` : null;
}
