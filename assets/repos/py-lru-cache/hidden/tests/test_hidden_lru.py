from lru import LRUCache


def test_keys_order_follows_reads():
    cache = LRUCache(3)
    for k in "abc":
        cache.put(k, k.upper())
    cache.get("a")
    cache.get("b")
    assert cache.keys() == ["c", "a", "b"]


def test_long_sequence():
    cache = LRUCache(2)
    cache.put(1, "one")
    cache.put(2, "two")
    assert cache.get(1) == "one"
    cache.put(3, "three")
    assert cache.get(2) is None
    assert cache.get(1) == "one"
    cache.put(4, "four")
    assert cache.keys() == [1, 4]


def test_miss_does_not_change_order():
    cache = LRUCache(2)
    cache.put("x", 1)
    cache.put("y", 2)
    cache.get("nope")
    cache.put("z", 3)
    assert cache.keys() == ["y", "z"]
    assert cache.misses == 1


def test_update_refreshes_and_replaces():
    cache = LRUCache(2)
    cache.put("a", 1)
    cache.put("b", 2)
    cache.put("a", 10)
    cache.put("c", 3)
    assert cache.get("a") == 10
    assert "b" not in cache
