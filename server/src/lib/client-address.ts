// The unit a per-client cap counts: an IPv4 address, or an IPv6 client's /64. One IPv6 subscriber is routinely
// given a whole /64, so counting single IPv6 addresses would give such a client 2^64 budgets.
import net from 'node:net';

/** e.g. '203.0.113.7', '2001:db8:0:1::/64'; an IPv4-mapped IPv6 address counts as its IPv4 address. */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (!net.isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  // A dotted IPv4 tail stands for the last two groups.
  const width = (parts: string[]) => parts.reduce((n, part) => n + (part.includes('.') ? 2 : 1), 0);
  const left = groups(head);
  const right = groups(tail);
  const full =
    tail === undefined ? left : [...left, ...Array<string>(8 - width(left) - width(right)).fill('0'), ...right];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
