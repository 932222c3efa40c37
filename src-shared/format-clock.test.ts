import { expect, it } from 'vitest';
import { clockTime } from './format-clock.js';

it('writes 24-hour local time, with milliseconds when asked', () => {
  const t = new Date(2026, 11, 7, 15, 4, 5, 7).getTime();
  expect([clockTime(t), clockTime(t, true), clockTime(new Date(2026, 0, 1, 3, 59, 46).getTime())]).toEqual(['15:04:05', '15:04:05.007', '03:59:46']);
});
