// Which IP addresses a webhook may never reach: our own machine and the networks around it. Node's built-in
// net.BlockList does the matching (no dependency; it parses both families and matches an IPv4-mapped IPv6 address,
// ::ffff:a.b.c.d, against the IPv4 rules). The other IPv6 spellings that carry an IPv4 address (IPv4-compatible
// ::a.b.c.d, and NAT64's 64:ff9b::/96, which a NAT64 gateway forwards to the IPv4 address inside) are added as
// rules of their own, so no spelling reaches a refused IPv4 network.
import {BlockList, isIP} from 'node:net';

export type AddressRule =
  'loopback' | 'private' | 'link-local' | 'unique-local' | 'multicast' | 'unspecified' | 'reserved';

type Subnet = readonly [network: string, prefix: number];

const IPV4: Record<AddressRule, readonly Subnet[]> = {
  unspecified: [['0.0.0.0', 8]],
  loopback: [['127.0.0.0', 8]],
  // RFC 1918, and carrier-grade NAT's shared space, which is as internal to a provider as 10/8 is to us.
  private: [
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
  ],
  'link-local': [['169.254.0.0', 16]],
  'unique-local': [],
  multicast: [['224.0.0.0', 4]],
  // Protocol assignments, benchmarking, and the 240/4 space with the broadcast address: nothing a clinic runs on.
  reserved: [
    ['192.0.0.0', 24],
    ['198.18.0.0', 15],
    ['240.0.0.0', 4],
  ],
};

const IPV6: Record<AddressRule, readonly Subnet[]> = {
  unspecified: [['::', 128]],
  loopback: [['::1', 128]],
  private: [['fec0::', 10]],
  'link-local': [['fe80::', 10]],
  'unique-local': [['fc00::', 7]],
  multicast: [['ff00::', 8]],
  reserved: [],
};

/** The IPv6 prefixes that embed an IPv4 address in their last 32 bits (besides ::ffff:0:0/96, which BlockList maps). */
const EMBEDDING_PREFIXES = ['::', '64:ff9b::'] as const;

// Checked in this order, so an address is named by its most telling rule; the native forms before the embedded
// ones, so ::1 is loopback, not 0.0.0.1 written the IPv4-compatible way.
const RULES = Object.keys(IPV4) as AddressRule[];
const list = (subnets: readonly (readonly [string, number, 'ipv4' | 'ipv6'])[]) => {
  const blocked = new BlockList();
  for (const [network, prefix, type] of subnets) blocked.addSubnet(network, prefix, type);
  return blocked;
};
const NATIVE = RULES.map((rule) => {
  const v4 = IPV4[rule].map(([network, prefix]) => [network, prefix, 'ipv4'] as const);
  const v6 = IPV6[rule].map(([network, prefix]) => [network, prefix, 'ipv6'] as const);
  return [rule, list([...v4, ...v6])] as const;
});
const EMBEDDED = RULES.map((rule) => {
  const forms = EMBEDDING_PREFIXES.flatMap((embedding) =>
    IPV4[rule].map(([network, prefix]) => [`${embedding}${network}`, 96 + prefix, 'ipv6'] as const),
  );
  return [rule, list(forms)] as const;
});
// The rest of the IPv4-compatible space (::/96) is deprecated: no public host is reached that way.
const IPV4_COMPATIBLE = list([['::', 96, 'ipv6']]);

/** The rule an IP address breaks, or null for an address a webhook may reach. Throws on what is not an address. */
export function blockedRule(address: string): AddressRule | null {
  const family = isIP(address);
  if (family === 0) throw new TypeError('not an IP address');
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [rule, blocked] of [...NATIVE, ...(type === 'ipv6' ? EMBEDDED : [])]) {
    if (blocked.check(address, type)) return rule;
  }
  return type === 'ipv6' && IPV4_COMPATIBLE.check(address, 'ipv6') ? 'reserved' : null;
}

/**
 * How a refusal reads in the delivery log, naming the address and the rule: "localhost resolves to 127.0.0.1, a
 * loopback address; ...", or "10.0.0.1 is a private address; ..." for a URL that names an address.
 */
export function describeBlocked(address: string, rule: AddressRule, hostname: string | null): string {
  const kind = `${rule === 'unspecified' ? 'an' : 'a'} ${rule} address`;
  const what = hostname ? `${hostname} resolves to ${address}, ${kind}` : `${address} is ${kind}`;
  return `${what}; webhooks never reach loopback, private, link-local, unique-local, multicast, unspecified or reserved addresses (WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts this for local development)`;
}
