ID = "radio-variety-block"
TITLE = "Radio Variety Block"
FUNC = "longestBlock"
SIGNATURE = "def longestBlock(self, artists: List[int], k: int) -> int:"

BODY = r"""
A radio station has a day's playlist: artists[i] is the id of the artist of the i-th song. The station wants to broadcast one uninterrupted block of consecutive songs from the playlist as a "variety hour", and in that block no artist may have more than k songs.

Return the largest number of songs such a block can have.
"""

EXPLAIN = [
    "The block 2, 3, 1, 3, 1 (positions 2 to 6, counting from 0) has each artist at most twice. Any block of 6 songs has three songs of artist 1 or three of artist 3.",
    "Every block of two or more songs has artist 5 at least twice.",
]

CONSTRAINTS = r"""
1 <= artists.length <= 2 * 10^5
1 <= artists[i] <= 10^9
1 <= k <= artists.length
"""

REF = r"""
class Solution:
    def longestBlock(self, artists: List[int], k: int) -> int:
        count = defaultdict(int)
        best = 0
        left = 0
        for right, a in enumerate(artists):
            count[a] += 1
            while count[a] > k:
                count[artists[left]] -= 1
                left += 1
            best = max(best, right - left + 1)
        return best
"""

BRUTE = r"""
class Solution:
    def longestBlock(self, artists: List[int], k: int) -> int:
        n = len(artists)
        for length in range(n, 0, -1):
            for start in range(n - length + 1):
                block = artists[start:start + length]
                if all(block.count(a) <= k for a in block):
                    return length
        return 0
"""


def small(rng):
    n = rng.randint(1, 10)
    m = rng.randint(1, 4)
    return [[rng.randint(1, m) for _ in range(n)], rng.randint(1, min(n, 3))]


def public():
    return [[[1, 1, 2, 3, 1, 3, 1, 3], 2], [[5, 5, 5, 5], 1]]


def private(rng):
    n = 2 * 10**4
    return [
        [[7], 1],
        [[10**9, 10**9], 2],
        [[4, 4, 4, 1, 4], 1],
        [[1, 2, 3, 4, 5, 6], 1],
        [[1, 2, 1, 2, 1, 2, 3, 3, 3], 3],
        [[rng.randint(1, 5) for _ in range(300)], 4],
        [[rng.randint(1, 1000) for _ in range(n)], 1],
        [[rng.randint(1, 10) for _ in range(n)], 3000],
        [[rng.choice([1, 2, 10**9]) for _ in range(n)], 2],
        [list(range(1, n + 1)), 1],
    ]


def valid(inp):
    a, k = inp
    assert 1 <= len(a) <= 2 * 10**5
    assert all(isinstance(x, int) and 1 <= x <= 10**9 for x in a)
    assert 1 <= k <= len(a)
