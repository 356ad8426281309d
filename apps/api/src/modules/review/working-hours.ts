/**
 * The review clock: only time on working days counts. A working day is a whole local calendar day
 * (midnight to midnight in the business time zone, so 23 or 25 hours across a DST change) that is
 * neither a Saturday, a Sunday nor a holiday.
 */
export interface WorkingCalendar {
  /** IANA zone the calendar days are counted in, e.g. Europe/Madrid. */
  timeZone: string;
  /** Holidays as calendar days, YYYY-MM-DD. */
  holidays: ReadonlySet<string>;
}

const HOUR_MS = 3_600_000;
/** No zone is more than 14 h from UTC, so a local midnight lies within this of the UTC one. */
const MAX_OFFSET_MS = 15 * HOUR_MS;
/** Enough for any real deadline; stops a calendar made only of holidays from looping forever. */
const MAX_DAYS = 3660;

const formatters = new Map<string, Intl.DateTimeFormat>();
const dayStarts = new Map<string, number>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function localDay(at: Date | number, timeZone: string): string {
  return formatter(timeZone).format(at);
}

const utcMidnight = (day: string): number => Date.parse(`${day}T00:00:00Z`);

const nextDay = (day: string): string => new Date(utcMidnight(day) + 24 * HOUR_MS).toISOString().slice(0, 10);

/**
 * The first instant of a local calendar day. Binary search rather than offset arithmetic: it also
 * finds the start of a day whose midnight does not exist (a DST change at 00:00, as in Cairo).
 */
function dayStart(day: string, timeZone: string): number {
  const key = `${timeZone} ${day}`;
  const cached = dayStarts.get(key);
  if (cached !== undefined) return cached;
  let before = utcMidnight(day) - MAX_OFFSET_MS;
  let from = utcMidnight(day) + MAX_OFFSET_MS;
  while (from - before > 1) {
    const mid = Math.floor((before + from) / 2);
    if (localDay(mid, timeZone) < day) before = mid;
    else from = mid;
  }
  if (dayStarts.size > 20_000) dayStarts.clear();
  dayStarts.set(key, from);
  return from;
}

/** Saturdays, Sundays and holidays do not count. */
export function isWorkingDay(day: string, holidays: ReadonlySet<string>): boolean {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/**
 * The instant `hours` working hours after `start`. Started on a non-working day, the count begins
 * at the next working day's midnight.
 */
export function addWorkingHours(start: Date, hours: number, calendar: WorkingCalendar): Date {
  if (!Number.isFinite(hours) || hours < 0) throw new RangeError(`working hours must be >= 0, got ${hours}`);
  let left = hours * HOUR_MS;
  let cursor = start.getTime();
  let day = localDay(cursor, calendar.timeZone);
  for (let i = 0; i < MAX_DAYS; i++) {
    const end = dayStart(nextDay(day), calendar.timeZone);
    if (isWorkingDay(day, calendar.holidays)) {
      if (left <= end - cursor) return new Date(cursor + left);
      left -= end - cursor;
    }
    cursor = end;
    day = nextDay(day);
  }
  throw new RangeError(`no ${hours} working hours within ${MAX_DAYS} days of ${start.toISOString()}`);
}

/** Working milliseconds from `from` to `to`; negative when `to` is earlier. */
export function workingMsBetween(from: Date, to: Date, calendar: WorkingCalendar): number {
  if (to.getTime() < from.getTime()) return -workingMsBetween(to, from, calendar);
  let total = 0;
  let cursor = from.getTime();
  let day = localDay(cursor, calendar.timeZone);
  while (cursor < to.getTime()) {
    const end = dayStart(nextDay(day), calendar.timeZone);
    if (isWorkingDay(day, calendar.holidays)) total += Math.min(end, to.getTime()) - cursor;
    cursor = end;
    day = nextDay(day);
  }
  return total;
}
