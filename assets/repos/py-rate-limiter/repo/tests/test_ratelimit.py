from ratelimit import RateLimiter


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_limit_within_window():
    clock = FakeClock()
    rl = RateLimiter(2, 10, clock=clock)
    assert rl.allow()
    assert rl.allow()
    assert not rl.allow()
    clock.now = 9.5
    assert not rl.allow()


def test_keys_are_separate():
    rl = RateLimiter(1, 10, clock=FakeClock())
    assert rl.allow("alice")
    assert rl.allow("bob")
    assert not rl.allow("alice")


def test_new_window_at_boundary():
    clock = FakeClock()
    rl = RateLimiter(2, 10, clock=clock)
    rl.allow()
    rl.allow()
    clock.now = 10.0
    assert rl.allow()
