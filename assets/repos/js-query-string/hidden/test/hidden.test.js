'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { parseQuery, buildQuery } = require('../querystring.js');

test('round trip with spaces and plus signs', () => {
  const params = { q: 'a b+c', name: 'Jo Ann', tags: ['x y', 'z'] };
  assert.deepStrictEqual(parseQuery(buildQuery(params)), params);
});

test('encoded plus stays a plus', () => {
  assert.deepStrictEqual(parseQuery('sum=1%2B1'), { sum: '1+1' });
  assert.deepStrictEqual(parseQuery('expr=1+%2B+1'), { expr: '1 + 1' });
});

test('plus in keys too', () => {
  assert.deepStrictEqual(parseQuery('first+name=Ada'), { 'first name': 'Ada' });
});

test('several pluses and percent escapes', () => {
  assert.deepStrictEqual(parseQuery('?q=caf%C3%A9++au+lait'), { q: 'café  au lait' });
});
