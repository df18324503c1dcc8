"""Fixed-window rate limiter with an injectable clock (for tests and replays)."""
import time


class RateLimiter:
    """Allow at most `limit` calls per `window` seconds for each key.

    A key's window opens at its first call and covers [start, start + window).
    """

    def __init__(self, limit, window, clock=time.monotonic):
        if limit < 1 or window <= 0:
            raise ValueError("limit must be >= 1 and window > 0")
        self.limit = limit
        self.window = window
        self.clock = clock
        self._windows = {}  # key -> (window start, calls used)

    def allow(self, key="default"):
        now = self.clock()
        start, used = self._windows.get(key, (now, 0))
        if now - start > self.window:
            start, used = now, 0
        if used >= self.limit:
            self._windows[key] = (start, used)
            return False
        self._windows[key] = (start, used + 1)
        return True

    def remaining(self, key="default"):
        now = self.clock()
        start, used = self._windows.get(key, (now, 0))
        if now - start > self.window:
            return self.limit
        return self.limit - used
