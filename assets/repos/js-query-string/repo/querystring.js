'use strict';
// Parse and build URL query strings for the admin dashboard's filters.

function parseQuery(query) {
  const result = {};
  const text = query.startsWith('?') ? query.slice(1) : query;
  for (const pair of text.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = decodeURIComponent(eq === -1 ? pair : pair.slice(0, eq));
    const value = decodeURIComponent(eq === -1 ? '' : pair.slice(eq + 1));
    if (Object.prototype.hasOwnProperty.call(result, key)) {
      result[key] = [].concat(result[key], value);
    } else {
      result[key] = value;
    }
  }
  return result;
}

function encode(text) {
  return encodeURIComponent(text).replace(/%20/g, '+');
}

function buildQuery(params) {
  const parts = [];
  for (const [key, value] of Object.entries(params)) {
    for (const item of [].concat(value)) {
      parts.push(encode(key) + '=' + encode(String(item)));
    }
  }
  return parts.join('&');
}

module.exports = { parseQuery, buildQuery };
