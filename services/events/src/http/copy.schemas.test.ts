import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copyEventBody } from './copy.schemas.js';

const fieldsOf = (body: unknown) => {
  const result = copyEventBody.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
};

test('a copy names its days as YYYY-MM-DD of the calendar, or as a date-time with a zone', () => {
  assert.deepEqual(copyEventBody.parse({ name: ' Spring Cup ', startDate: '2027-04-17' }), { name: 'Spring Cup', startDate: { day: '2027-04-17' } });
  assert.deepEqual(copyEventBody.parse({ name: 'Spring Cup', startDate: '2027-04-17T09:00:00+02:00', endDate: '2028-02-29' }), {
    name: 'Spring Cup',
    startDate: { instant: new Date('2027-04-17T07:00:00Z') },
    endDate: { day: '2028-02-29' },
  });
  // Not days of the calendar: refused as input (400), never thrown on.
  for (const day of ['0000-00-00', '2027-02-30', '2027-13-01', '2027-4-17', '2027-04-17T09:00:00', 'tomorrow']) {
    assert.deepEqual(fieldsOf({ name: 'Spring Cup', startDate: '2027-04-17', endDate: day }), ['endDate'], day);
  }
  assert.deepEqual(fieldsOf({ name: 'Spring Cup', startDate: '2027-04-17', venue: 'Elsewhere' }), ['']);
});
