'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { backoffDelay, backoffSchedule, retry } = require('../backoff.js');

test('delay is capped', () => {
  assert.strictEqual(backoffDelay(30), 10000);
  assert.strictEqual(backoffDelay(30, { maxMs: 500 }), 500);
});

test('attempt must be positive', () => {
  assert.throws(() => backoffDelay(0), RangeError);
});

test('retry gives up after the last try', async () => {
  let calls = 0;
  const fail = async () => { calls++; throw new Error('down'); };
  await assert.rejects(retry(fail, { retries: 2, sleep: async () => {} }), /down/);
  assert.strictEqual(calls, 3);
});

test('schedule starts at baseMs', () => {
  assert.deepStrictEqual(backoffSchedule(4), [100, 200, 400, 800]);
});
