import { describe, expect, it } from "vitest";
import { visitWindow } from "./visit";

// ICU writes narrow and thin spaces around some ranges; any space reads as one here.
const spaced = (s: string) => s.replace(/\s/g, " ");

describe("visitWindow", () => {
  const visit = { date: "2026-12-03", from: "08:00", to: "10:30" };
  it.each([
    ["fr-FR", "3 décembre 2026", "08:00 – 10:30"],
    ["en-GB", "3 December 2026", "08:00–10:30"],
    ["de-DE", "3. Dezember 2026", "08:00–10:30 Uhr"],
    ["de-BE", "3. Dezember 2026", "08:00–10:30 Uhr"],
    ["nl-BE", "3 december 2026", "08:00–10:30"],
    ["es-ES", "3 de diciembre de 2026", "8:00–10:30"],
    ["it-IT", "3 dicembre 2026", "08:00–10:30"],
  ])("%s: the day and the window as the locale writes them", (locale, date, hours) => {
    const written = visitWindow(locale, visit);
    expect(written.date).toBe(date);
    expect(spaced(written.hours)).toBe(hours);
  });

  it("keeps the booked day and times whatever the browser's time zone (no shift across midnight)", () => {
    const zone = process.env.TZ;
    // Node follows TZ when it is set: a browser 14 hours ahead of UTC.
    process.env.TZ = "Pacific/Kiritimati";
    try {
      expect(visitWindow("en-GB", { date: "2026-03-29", from: "00:30", to: "23:30" })).toEqual({
        date: "29 March 2026",
        hours: "00:30–23:30",
      });
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
