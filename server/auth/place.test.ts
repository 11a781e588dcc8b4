import { describe, expect, it } from "vitest";
import { GeoIp, maskAddress } from "./place.ts";

describe("maskAddress", () => {
  it.each([
    ["203.0.113.42", "203.0.113.x"],
    ["::ffff:198.51.100.7", "198.51.100.x"],
    ["2001:db8:1234:5678::1", "2001:db8:1234::/48"],
    ["2001:0db8:0001:0000:0000:0000:0000:0001", "2001:db8:1::/48"],
    ["2001:db8::1", "2001:db8:0::/48"],
    ["::1", "0:0:0::/48"],
    ["unknown", null],
    ["999.1.1.1", null],
    ["", null],
    [null, null],
  ])("%s → %s", (address, masked) => {
    expect(maskAddress(address)).toBe(masked);
  });
});

describe("GeoIp", () => {
  const table = GeoIp.fromCsv(
    [
      "203.0.113.0,203.0.113.255,EU,FR,Auvergne-Rhône-Alpes,Lyon,45.75,4.85",
      '"198.51.100.0","198.51.100.127","EU","BE","Wallonia","Namur","50.46","4.86"',
      "2001:db8::,2001:db8::ffff,EU,DE,Berlin,Berlin,0,0",
      "192.0.2.0,192.0.2.255,EU,IT,,,0,0",
    ].join("\n"),
  );
  it.each([
    ["203.0.113.9", "Lyon, FR"],
    ["::ffff:198.51.100.100", "Namur, BE"],
    ["198.51.100.200", null],
    ["192.0.2.1", "IT"],
    ["2001:db8::1", null],
    ["unknown", null],
  ])("%s → %s", (address, place) => {
    expect(table.lookup(address)).toBe(place);
  });
});
