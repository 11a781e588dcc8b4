/**
 * Where a device was used from, as its owner may see it: the address masked (an IPv4 /24 as
 * `203.0.113.x`, an IPv6 /48 as `2001:db8:1::/48`), and, when a GeoIP database is configured
 * (`GEOIP_CSV`, DB-IP's "IP to City Lite" CSV), the approximate place (`Lyon, FR`). Without one the
 * place is null: no address leaves the server for a lookup.
 */
import { readFileSync } from "node:fs";
import { isIPv4, isIPv6 } from "node:net";
import type { Config } from "../config.ts";
import { parseUserAgent } from "./user-agent.ts";

/** The client address as the list shows it; null when it is not an address (in-process requests). */
export function maskAddress(address: string | null | undefined): string | null {
  const text = (address ?? "").trim();
  const v4 = /^(?:::ffff:)?(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}$/i.exec(text);
  if (v4 && isIPv4(text.replace(/^::ffff:/i, ""))) return `${v4[1]}.x`;
  if (!isIPv6(text)) return null;
  const [head = "", tail = ""] = text.toLowerCase().split("::");
  const groups = head ? head.split(":") : [];
  const missing = 8 - groups.length - (tail ? tail.split(":").length : 0);
  const full = text.includes("::") ? [...groups, ...Array<string>(missing).fill("0"), ...(tail ? tail.split(":") : [])] : groups;
  return `${full
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/48`;
}

const ipv4Number = (address: string) => address.split(".").reduce((n, part) => n * 256 + Number(part), 0);

interface Range {
  start: number;
  end: number;
  place: string;
}

/** A GeoIP table read once, IPv4 ranges in order, looked up by bisection. */
export class GeoIp {
  private constructor(private readonly ranges: Range[]) {}

  /** Reads DB-IP's city CSV (ip_start, ip_end, continent, country, region, city, …); IPv6 lines are skipped. */
  static fromCsv(text: string): GeoIp {
    const ranges: Range[] = [];
    for (const line of text.split("\n")) {
      const cells = line.split(",").map((c) => c.trim().replace(/^"|"$/g, ""));
      const [start, end, , country, , city] = cells;
      if (!start || !end || !isIPv4(start) || !isIPv4(end)) continue;
      const place = [city, country].filter(Boolean).join(", ");
      if (place) ranges.push({ start: ipv4Number(start), end: ipv4Number(end), place });
    }
    ranges.sort((a, b) => a.start - b.start);
    return new GeoIp(ranges);
  }

  static fromFile(path: string): GeoIp {
    return GeoIp.fromCsv(readFileSync(path, "utf8"));
  }

  /** The place of an IPv4 address (IPv4-mapped too), or null. */
  lookup(address: string | null | undefined): string | null {
    const text = (address ?? "").replace(/^::ffff:/i, "");
    if (!isIPv4(text)) return null;
    const n = ipv4Number(text);
    let low = 0;
    let high = this.ranges.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const range = this.ranges[middle]!;
      if (n < range.start) high = middle - 1;
      else if (n > range.end) low = middle + 1;
      else return range.place;
    }
    return null;
  }
}

const loaded = new Map<string, GeoIp | null>();

/** The configured GeoIP table (read at first use), or null when none is configured or it cannot be read. */
export function geoIpOf(path: string | undefined): GeoIp | null {
  if (!path) return null;
  if (!loaded.has(path)) {
    try {
      loaded.set(path, GeoIp.fromFile(path));
    } catch (error) {
      console.error(`GEOIP_CSV ${path} cannot be read: places are not shown`, error);
      loaded.set(path, null);
    }
  }
  return loaded.get(path) ?? null;
}

/** A session's device as the list and the sign-in line show it. */
export function deviceOf(config: Pick<Config, "geoipCsv">, userAgent: string | null, address: string | null) {
  const name = parseUserAgent(userAgent);
  return { ...name, place: geoIpOf(config.geoipCsv)?.lookup(address) ?? null, address: maskAddress(address) };
}

/** What a sign-in line keeps of the device: no full address, ever. */
export function signInDetail(config: Pick<Config, "geoipCsv">, userAgent: string | null | undefined, address: string | null) {
  const d = deviceOf(config, userAgent ?? null, address);
  return {
    ...(d.browser ? { browser: d.browser } : {}),
    ...(d.system ? { system: d.system } : {}),
    ...(d.place ? { place: d.place } : {}),
    ...(d.address ? { address: d.address } : {}),
  };
}
