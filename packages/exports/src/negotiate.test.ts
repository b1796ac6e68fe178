import assert from 'node:assert/strict';
import { test } from 'node:test';
import { HttpProblem } from '@regatta/http';
import { acceptedFormat, requestedFormat } from './negotiate.js';

test('format parameter wins over Accept', () => {
  assert.equal(requestedFormat({ format: 'csv' }, 'application/pdf'), 'csv');
  assert.equal(requestedFormat({ format: 'JSON' }, 'text/csv'), 'json');
  assert.equal(requestedFormat({}, 'application/pdf'), 'pdf');
});

test('unknown or repeated format is a 400 validation_failed naming query.format', () => {
  for (const value of ['xlsx', '', ['csv', 'pdf']]) {
    assert.throws(
      () => requestedFormat({ format: value }, undefined),
      (error: unknown) => error instanceof HttpProblem && error.status === 400 && error.code === 'validation_failed',
    );
  }
});

test('Accept: explicit types by q, wildcards and unknown types keep JSON, ties go to JSON', () => {
  assert.equal(acceptedFormat(undefined), 'json');
  assert.equal(acceptedFormat('*/*'), 'json');
  assert.equal(acceptedFormat('image/png'), 'json');
  assert.equal(acceptedFormat('text/csv'), 'csv');
  assert.equal(acceptedFormat('text/CSV; charset=utf-8'), 'csv');
  assert.equal(acceptedFormat('application/json, text/csv'), 'json');
  assert.equal(acceptedFormat('application/json;q=0.5, text/csv'), 'csv');
  assert.equal(acceptedFormat('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'), 'html');
  assert.equal(acceptedFormat('application/pdf;q=0, */*'), 'json');
  assert.equal(acceptedFormat('text/html;q=0.4, application/pdf;q=0.6'), 'pdf');
});
