'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { parseQuery, buildQuery } = require('../querystring.js');

test('parses simple pairs', () => {
  assert.deepStrictEqual(parseQuery('?page=2&sort=name'), { page: '2', sort: 'name' });
  assert.deepStrictEqual(parseQuery(''), {});
});

test('repeated keys become arrays', () => {
  assert.deepStrictEqual(parseQuery('tag=a&tag=b&flag'), { tag: ['a', 'b'], flag: '' });
});

test('builds queries', () => {
  assert.strictEqual(buildQuery({ q: 'red shoes', tag: ['a', 'b'] }), 'q=red+shoes&tag=a&tag=b');
});

test('plus means space', () => {
  assert.deepStrictEqual(parseQuery('q=hello+world'), { q: 'hello world' });
});
