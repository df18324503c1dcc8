'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { EventBus } = require('../eventbus.js');

test('on and emit', () => {
  const bus = new EventBus();
  const got = [];
  bus.on('save', (name, size) => got.push([name, size]));
  assert.strictEqual(bus.emit('save', 'a.txt', 3), true);
  assert.deepStrictEqual(got, [['a.txt', 3]]);
});

test('off removes a handler', () => {
  const bus = new EventBus();
  let calls = 0;
  const h = () => calls++;
  bus.on('x', h).off('x', h);
  assert.strictEqual(bus.emit('x'), false);
  assert.strictEqual(calls, 0);
});

test('once fires a single time', () => {
  const bus = new EventBus();
  let calls = 0;
  bus.once('ready', () => calls++);
  bus.emit('ready');
  bus.emit('ready');
  assert.strictEqual(calls, 1);
});
