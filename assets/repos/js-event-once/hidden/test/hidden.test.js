'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { EventBus } = require('../eventbus.js');

test('once passes arguments and cleans up', () => {
  const bus = new EventBus();
  const got = [];
  assert.strictEqual(bus.once('msg', (a, b) => got.push(a + b)), bus);
  assert.strictEqual(bus.listenerCount('msg'), 1);
  bus.emit('msg', 2, 3);
  assert.deepStrictEqual(got, [5]);
  assert.strictEqual(bus.listenerCount('msg'), 0);
  assert.strictEqual(bus.emit('msg', 1, 1), false);
});

test('off with the original handler cancels a once', () => {
  const bus = new EventBus();
  let calls = 0;
  const h = () => calls++;
  bus.once('tick', h);
  bus.off('tick', h);
  bus.emit('tick');
  assert.strictEqual(calls, 0);
  assert.strictEqual(bus.listenerCount('tick'), 0);
});

test('once next to regular handlers', () => {
  const bus = new EventBus();
  const log = [];
  bus.on('e', () => log.push('on'));
  bus.once('e', () => log.push('once1'));
  bus.once('e', () => log.push('once2'));
  bus.emit('e');
  bus.emit('e');
  assert.deepStrictEqual(log, ['on', 'once1', 'once2', 'on']);
});

test('once rejects non-functions', () => {
  const bus = new EventBus();
  assert.throws(() => bus.once('e', 42), TypeError);
});
