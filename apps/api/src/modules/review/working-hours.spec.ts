import {
  addWorkingHours,
  isWorkingDay,
  localDay,
  workingMsBetween,
  type WorkingCalendar,
} from './working-hours';

const HOUR = 3_600_000;
const madrid = (holidays: string[] = []): WorkingCalendar => ({
  timeZone: 'Europe/Madrid',
  holidays: new Set(holidays),
});
// Egypt changed its clocks at midnight on a Friday (spring) and a Thursday (autumn) in 2023:
// working days of 23 and 25 hours, the spring one with no 00:00 at all.
const cairo: WorkingCalendar = { timeZone: 'Africa/Cairo', holidays: new Set() };

const at = (iso: string) => new Date(iso);
const add = (iso: string, hours: number, calendar: WorkingCalendar) =>
  addWorkingHours(at(iso), hours, calendar).toISOString();

describe('working hours', () => {
  it('finds calendar days and working days in the business time zone', () => {
    expect(localDay(at('2025-03-07T23:30:00Z'), 'Europe/Madrid')).toBe('2025-03-08');
    expect(isWorkingDay('2025-03-07', new Set())).toBe(true); // Friday
    expect(isWorkingDay('2025-03-08', new Set())).toBe(false); // Saturday
    expect(isWorkingDay('2025-03-09', new Set())).toBe(false); // Sunday
    expect(isWorkingDay('2025-05-01', new Set(['2025-05-01']))).toBe(false);
  });

  it('counts an order on a Friday afternoon across the weekend', () => {
    // Friday 16:00 CET: 8 h on Friday, 24 h on Monday, 16 h on Tuesday.
    expect(add('2025-03-07T15:00:00Z', 48, madrid())).toBe('2025-03-11T15:00:00.000Z');
  });

  it('skips a holiday from the calendar', () => {
    // Wednesday 10:00 CEST; Thursday 1 May is a holiday: 14 h + Friday 24 h + Monday 10 h.
    expect(add('2025-04-30T08:00:00Z', 48, madrid(['2025-05-01']))).toBe('2025-05-05T08:00:00.000Z');
    expect(add('2025-04-30T08:00:00Z', 48, madrid())).toBe('2025-05-02T08:00:00.000Z');
  });

  it('keeps the local time across both DST changes in Europe/Madrid (Sundays, which never count)', () => {
    // Spring forward on Sunday 30 March: Friday 15:00 CET to Tuesday 15:00 CEST.
    expect(add('2025-03-28T14:00:00Z', 48, madrid())).toBe('2025-04-01T13:00:00.000Z');
    // Fall back on Sunday 26 October: Friday 15:00 CEST to Tuesday 15:00 CET.
    expect(add('2025-10-24T13:00:00Z', 48, madrid())).toBe('2025-10-28T14:00:00.000Z');
    // A holiday on the Monday after the change moves the deadline by exactly one local day.
    expect(add('2025-03-28T14:00:00Z', 48, madrid(['2025-03-31']))).toBe('2025-04-02T13:00:00.000Z');
  });

  it('counts a working day with a DST change as 23 or 25 hours', () => {
    // Friday 28 April 2023 runs from 01:00 EEST (Thursday 22:00 UTC) to Saturday 00:00 EEST.
    expect(workingMsBetween(at('2023-04-27T22:00:00Z'), at('2023-04-28T21:00:00Z'), cairo)).toBe(23 * HOUR);
    // Thursday 23:30 EET + 1 h: half an hour on Thursday, then Friday starts at 01:00.
    expect(add('2023-04-27T21:30:00Z', 1, cairo)).toBe('2023-04-27T22:30:00.000Z');
    // Thursday 12:00 EET: 12 h on Thursday, 23 h on Friday, 13 h on Monday 1 May (13:00 EEST).
    expect(add('2023-04-27T10:00:00Z', 48, cairo)).toBe('2023-05-01T10:00:00.000Z');
    // Thursday 26 October 2023 repeats 23:00–24:00: 00:00 EEST to Friday 00:00 EET is 25 h.
    expect(workingMsBetween(at('2023-10-25T21:00:00Z'), at('2023-10-26T22:00:00Z'), cairo)).toBe(25 * HOUR);
    expect(add('2023-10-25T21:00:00Z', 24, cairo)).toBe('2023-10-26T21:00:00.000Z'); // 23:00 EET Thursday
    expect(add('2023-10-25T21:00:00Z', 25, cairo)).toBe('2023-10-26T22:00:00.000Z'); // Friday 00:00 EET
  });

  it('starts counting an order placed on a Saturday on Monday at 00:00', () => {
    const saturday = '2025-03-08T10:00:00Z';
    expect(add(saturday, 0, madrid())).toBe('2025-03-09T23:00:00.000Z'); // Monday 00:00 CET
    expect(add(saturday, 48, madrid())).toBe('2025-03-11T23:00:00.000Z'); // Wednesday 00:00 CET
    expect(workingMsBetween(at(saturday), at('2025-03-09T23:00:00Z'), madrid())).toBe(0);
  });

  it('measures the same working time addWorkingHours added, negative backwards', () => {
    const calendar = madrid(['2025-01-06', '2025-04-18', '2025-05-01', '2025-08-15', '2025-12-08']);
    for (let t = Date.parse('2025-01-01T00:00:00Z'); t < Date.parse('2026-01-01T00:00:00Z'); t += 37 * HOUR) {
      const start = new Date(t);
      for (const hours of [0.5, 20, 48]) {
        const deadline = addWorkingHours(start, hours, calendar);
        expect(workingMsBetween(start, deadline, calendar)).toBe(hours * HOUR);
        expect(workingMsBetween(deadline, start, calendar)).toBe(-hours * HOUR);
      }
    }
  });

  it('refuses a negative allowance', () => {
    expect(() => addWorkingHours(at('2025-03-07T15:00:00Z'), -1, madrid())).toThrow(RangeError);
  });
});
