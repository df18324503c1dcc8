'use strict';
// Retry delays for the webhook sender: exponential backoff with a cap.

const DEFAULTS = { baseMs: 100, factor: 2, maxMs: 10000 };

// Delay before retry number `attempt` (1 = first retry): baseMs, then
// baseMs * factor, baseMs * factor ** 2, ... but never more than maxMs.
function backoffDelay(attempt, options = {}) {
  const { baseMs, factor, maxMs } = { ...DEFAULTS, ...options };
  if (!Number.isInteger(attempt) || attempt < 1) {
    throw new RangeError('attempt must be an integer >= 1');
  }
  const delay = baseMs * factor ** attempt;
  return Math.min(delay, maxMs);
}

function backoffSchedule(retries, options) {
  const delays = [];
  for (let attempt = 1; attempt <= retries; attempt++) {
    delays.push(backoffDelay(attempt, options));
  }
  return delays;
}

// Call fn until it succeeds, at most 1 + retries times, waiting with
// `sleep(ms)` (injected, so tests need no timers) between the tries.
async function retry(fn, { retries = 3, sleep, ...options } = {}) {
  let lastError;
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      return await fn(attempt);
    } catch (err) {
      lastError = err;
      if (attempt < retries) await sleep(backoffDelay(attempt + 1, options));
    }
  }
  throw lastError;
}

module.exports = { backoffDelay, backoffSchedule, retry };
