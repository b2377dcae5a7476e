// The address groups the view limits count instead of single addresses: one subscriber holds a
// whole IPv6 /64 (2^64 addresses to rotate through), so IPv6 is grouped by its /64; IPv4 keeps the
// address as its group and adds the /24 around it as a second, looser tier. An IPv4-mapped IPv6
// address (::ffff:a.b.c.d, how a dual-stack socket reports IPv4) is IPv4.
import { isIPv4, isIPv6 } from 'node:net';

export interface AddressGroups {
  /** The tight group: the IPv4 address, or the IPv6 /64. */
  narrow: string;
  /** The loose group: the IPv4 /24, or the same IPv6 /64. */
  wide: string;
}

/** The eight 16-bit groups of an IPv6 address, `::` expanded (an embedded IPv4 tail counted as two). */
function hextets(address: string): number[] {
  const [head, tail = null] = address.split('::');
  const parse = (part: string | null): number[] => {
    if (!part) return [];
    return part.split(':').flatMap((piece) => {
      if (!isIPv4(piece)) return [parseInt(piece, 16)];
      const [a, b, c, d] = piece.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  };
  const left = parse(head);
  if (tail === null) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

export function addressGroups(address: string): AddressGroups {
  // Most addresses: plain IPv4, nothing to strip.
  if (isIPv4(address)) return ipv4Groups(address);
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIPv4(bare)) return ipv4Groups(bare);
  if (!isIPv6(bare)) return { narrow: bare, wide: bare };
  const groups = hextets(bare.toLowerCase());
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return ipv4Groups([groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.'));
  const prefix = `${groups.slice(0, 4).map((group) => group.toString(16)).join(':')}::/64`;
  return { narrow: prefix, wide: prefix };
}

function ipv4Groups(address: string): AddressGroups {
  const [a, b, c] = address.split('.');
  return { narrow: address, wide: `${a}.${b}.${c}.0/24` };
}
