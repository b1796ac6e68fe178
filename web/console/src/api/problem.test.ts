import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, networkError, placeFieldErrors, toApiError } from './problem';

test('a problem+json refusal keeps its code, status, request id and field errors', () => {
  const error = toApiError(400, { code: 'validation_failed', detail: 'Invalid request', requestId: 'req-1', errors: [{ field: 'endDate', message: 'Not before startDate.' }] });
  assert.equal(error.status, 400);
  assert.equal(error.code, 'validation_failed');
  assert.equal(error.requestId, 'req-1');
  assert.deepEqual(error.fieldErrors, [{ field: 'endDate', message: 'Not before startDate.' }]);
  assert.equal(error.message, 'Invalid request');
});

test('a body without a request id takes the X-Request-Id header; a non-JSON body becomes the detail', () => {
  const headers = new Map([['x-request-id', 'hdr-7']]);
  const error = toApiError(502, 'Bad gateway', { get: (name) => headers.get(name) ?? null });
  assert.equal(error.requestId, 'hdr-7');
  assert.equal(error.code, 'http_502');
  assert.equal(error.message, 'Bad gateway');
});

test('a dropped connection is status 0, code network_error', () => {
  const error = networkError(new TypeError('Failed to fetch'));
  assert.ok(error instanceof ApiError);
  assert.equal(error.status, 0);
  assert.equal(error.code, 'network_error');
});

test('field errors land on the form fields by their dotted path; unknown ones stay general', () => {
  const error = toApiError(400, {
    code: 'validation_failed',
    errors: [
      { field: 'body.name', message: 'Required.' },
      { field: 'entryWindow.opens', message: 'Not a date.' },
      { field: 'crew[1].name', message: 'Too long.' },
      { field: 'settings', message: 'Unknown.' },
      { field: 'name', message: 'A second message for name is not shown twice.' },
    ],
  });
  const placed = placeFieldErrors(error, ['name', 'entryWindow', 'entryWindow.opens', 'crew']);
  assert.deepEqual(placed.fields, { name: 'Required.', 'entryWindow.opens': 'Not a date.', crew: 'Too long.' });
  assert.deepEqual(placed.general, ['settings: Unknown.']);
});

test('aliases map an API field to the form field that shows it', () => {
  const error = toApiError(400, { code: 'validation_failed', errors: [{ field: 'maxParticipants', message: 'At least 1.' }] });
  assert.deepEqual(placeFieldErrors(error, ['capacity'], { maxParticipants: 'capacity' }).fields, { capacity: 'At least 1.' });
});
