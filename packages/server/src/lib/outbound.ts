// Every call the server makes to another machine on someone's say-so (a translation or weather service
// an administrator set, the mail server, an SMS gateway) passes this one guard: http(s) only, and never
// to a loopback, link-local, private or otherwise internal address — checked when the connection is
// made (so a name that resolves differently the second time, or a redirect, cannot slip past) — unless
// OUTBOUND_ALLOW names the host or its network. Callers show a generic error; the detail goes to the log.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, type RequestInit, type Response, fetch as undiciFetch } from 'undici';

/** Refused by the guard (not a network failure): the caller says "not allowed", never why in detail. */
export class OutboundRefused extends Error {
  constructor(readonly target: string) {
    super(`outbound call to ${target} refused: internal address`);
  }
}

const internal = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  internal.addSubnet(net, prefix, 'ipv6');

/** An IPv4 address written as IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it is. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export interface OutboundPolicy {
  /** Host names allowed whatever they resolve to (lower case). */
  hosts: Set<string>;
  /** Addresses and networks allowed although internal. */
  nets: BlockList;
}

/**
 * The policy from OUTBOUND_ALLOW's entries (host names, addresses or CIDR networks) and the hosts the
 * operator configured in the environment (SMTP_URL, TRANSLATE_URL…): what the operator wrote is trusted;
 * what an administrator types in the product is not.
 */
export function outboundPolicy(entries: readonly string[]): OutboundPolicy {
  const hosts = new Set<string>();
  const nets = new BlockList();
  for (const raw of entries) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    const [addr, bits] = entry.split('/');
    const family = isIP(addr);
    if (family && bits !== undefined) nets.addSubnet(addr, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
    else if (family) nets.addAddress(addr, family === 6 ? 'ipv6' : 'ipv4');
    else hosts.add(entry);
  }
  return { hosts, nets };
}

/** Whether the guard lets a connection to this address through. */
export function addressAllowed(policy: OutboundPolicy, address: string): boolean {
  const a = plainAddress(address);
  if (policy.nets.check(a.address, a.family)) return true;
  return !internal.check(a.address, a.family);
}

const bareHost = (host: string) => host.toLowerCase().replace(/^\[|\]$/g, '');

/** Resolves a host and refuses it when any address it has is internal (and not allowed). */
export async function checkHost(policy: OutboundPolicy, host: string): Promise<void> {
  const name = bareHost(host);
  if (policy.hosts.has(name)) return;
  const addresses = isIP(name)
    ? [name]
    : await new Promise<string[]>((resolve, reject) =>
        dnsLookup(name, { all: true }, (err, list: LookupAddress[]) =>
          err ? reject(err) : resolve(list.map((l) => l.address)),
        ),
      );
  if (addresses.length === 0 || addresses.some((a) => !addressAllowed(policy, a)))
    throw new OutboundRefused(name);
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A connection-time lookup that refuses internal addresses: what undici connects to is what was checked. */
function guardedLookup(policy: OutboundPolicy) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, list: LookupAddress[]) => {
      if (err) return callback(err, []);
      const ok = policy.hosts.has(bareHost(hostname)) || list.every((l) => addressAllowed(policy, l.address));
      if (!ok || list.length === 0) return callback(new OutboundRefused(hostname), []);
      if (options?.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

const agents = new WeakMap<OutboundPolicy, Agent>();
function agentOf(policy: OutboundPolicy): Agent {
  let agent = agents.get(policy);
  if (!agent) {
    agent = new Agent({ connect: { lookup: guardedLookup(policy) as never } });
    agents.set(policy, agent);
  }
  return agent;
}

const MAX_REDIRECTS = 3;

/**
 * fetch through the guard: http(s) only; the host (a literal address too) checked before, and every
 * address checked again when connecting; a redirect is followed (at most three) only to a URL that
 * passes the same guard.
 */
export async function guardedFetch(
  policy: OutboundPolicy,
  input: string,
  init: RequestInit = {},
): Promise<Response> {
  let url = new URL(input);
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused(url.protocol);
    await checkHost(policy, url.hostname);
    const res = await undiciFetch(url, { ...init, redirect: 'manual', dispatcher: agentOf(policy) });
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    if (hop >= MAX_REDIRECTS) throw new OutboundRefused(`${url.host} (too many redirects)`);
    await res.body?.cancel();
    url = new URL(location, url);
    // A redirect never turns a POST's body into another host's business: it continues as a GET.
    if (res.status !== 307 && res.status !== 308) init = { ...init, method: 'GET', body: undefined };
  }
}
