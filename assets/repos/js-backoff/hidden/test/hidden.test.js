'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { backoffDelay, backoffSchedule, retry } = require('../backoff.js');

test('first retry waits exactly baseMs', () => {
  assert.strictEqual(backoffDelay(1), 100);
  assert.strictEqual(backoffDelay(1, { baseMs: 250 }), 250);
});

test('custom factor and cap', () => {
  assert.deepStrictEqual(backoffSchedule(5, { baseMs: 50, factor: 3, maxMs: 1000 }), [50, 150, 450, 1000, 1000]);
  assert.deepStrictEqual(backoffSchedule(3, { factor: 1 }), [100, 100, 100]);
});

test('cap reached exactly', () => {
  assert.deepStrictEqual(backoffSchedule(3, { baseMs: 1000, maxMs: 4000 }), [1000, 2000, 4000]);
});

test('retry sleeps with the schedule and returns the result', async () => {
  const slept = [];
  let calls = 0;
  const flaky = async () => {
    calls++;
    if (calls < 3) throw new Error('busy');
    return 'ok';
  };
  const result = await retry(flaky, { retries: 5, sleep: async (ms) => { slept.push(ms); } });
  assert.strictEqual(result, 'ok');
  assert.deepStrictEqual(slept, [100, 200]);
});
