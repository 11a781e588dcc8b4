/**
 * A scheduled visit's day and time window in the page's locale, through Intl (the banner does not
 * take core/format: it comes in the forms' chunk, which a page with only the banner would download
 * for this). The day and times are the ones booked, wall-clock at the farm: written as UTC and
 * formatted in UTC, so no time zone shifts them.
 */
export interface Visit {
  /** YYYY-MM-DD */
  date: string;
  /** HH:MM */
  from: string;
  /** HH:MM */
  to: string;
}

const at = (date: string, time = "12:00") => new Date(`${date}T${time}:00Z`);

/** The visit's day (long) and its window as the locale writes a range of times ("08:00–10:30 Uhr"). */
export function visitWindow(locale: string, visit: Visit): { date: string; hours: string } {
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(at(visit.date));
  const hours = new Intl.DateTimeFormat(locale, { timeStyle: "short", timeZone: "UTC" }).formatRange(
    at(visit.date, visit.from),
    at(visit.date, visit.to),
  );
  return { date, hours };
}
