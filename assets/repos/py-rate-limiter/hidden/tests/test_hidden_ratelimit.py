from ratelimit import RateLimiter


class FakeClock:
    def __init__(self, now=0.0):
        self.now = now

    def __call__(self):
        return self.now


def test_boundary_starts_fresh_window():
    clock = FakeClock(100.0)
    rl = RateLimiter(3, 5, clock=clock)
    for _ in range(3):
        assert rl.allow("k")
    assert not rl.allow("k")
    clock.now = 105.0
    for _ in range(3):
        assert rl.allow("k")
    assert not rl.allow("k")


def test_remaining_resets_at_boundary():
    clock = FakeClock()
    rl = RateLimiter(2, 10, clock=clock)
    rl.allow()
    assert rl.remaining() == 1
    clock.now = 9.999
    assert rl.remaining() == 1
    clock.now = 10.0
    assert rl.remaining() == 2


def test_just_before_boundary_still_limited():
    clock = FakeClock()
    rl = RateLimiter(1, 2, clock=clock)
    assert rl.allow()
    clock.now = 1.999
    assert not rl.allow()
    clock.now = 2.0
    assert rl.allow()
    clock.now = 3.5
    assert not rl.allow()


def test_unused_key_has_full_allowance():
    rl = RateLimiter(4, 1, clock=FakeClock())
    assert rl.remaining("nobody") == 4
