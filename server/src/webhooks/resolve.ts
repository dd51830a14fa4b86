// The addresses a delivery may connect to: the host resolved once, every address checked, and a lookup function
// for node's http(s).request that hands back exactly those addresses, so the connection goes to what was checked
// (no second lookup a DNS rebinding could answer differently) while SNI and Host keep the name.
import dns from 'node:dns';
import type {LookupAddress} from 'node:dns';
import type {LookupFunction} from 'node:net';
import {blockedRule, describeBlocked} from './address-rules.js';
import {literalAddress} from './destination.js';

export type Resolution = {ok: true; addresses: LookupAddress[]} | {ok: false; blocked: string};

export async function resolveChecked(hostname: string, allowPrivateNetworks: boolean): Promise<Resolution> {
  const literal = literalAddress(hostname);
  const addresses = literal
    ? [{address: literal, family: literal.includes(':') ? 6 : 4}]
    : await dns.promises.lookup(hostname, {all: true, verbatim: true});
  if (!allowPrivateNetworks) {
    // Every address, not the first: a name with one public and one private address is refused.
    for (const {address} of addresses) {
      const rule = blockedRule(address);
      if (rule) return {ok: false, blocked: describeBlocked(address, rule, literal ? null : hostname)};
    }
  }
  return {ok: true, addresses};
}

/** A lookup that answers with the checked addresses whatever it is asked (net asks with `all` for Happy Eyeballs). */
export function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const [first] = addresses;
    if (!first) return callback(Object.assign(new Error('no address to connect to'), {code: 'ENOTFOUND'}), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, [...addresses]);
    const wanted = addresses.find((a) => !options.family || a.family === options.family) ?? first;
    callback(null, wanted.address, wanted.family);
  };
}
