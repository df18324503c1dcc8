ID = "total-price-swing"
TITLE = "Total Price Swing"
FUNC = "totalSwing"
SIGNATURE = "def totalSwing(self, prices: List[int]) -> int:"

BODY = r"""
A trader records the price of a share on n consecutive days in the array prices (0-indexed). For every window of consecutive days prices[i..j] with 0 <= i <= j < n, the swing of the window is the highest price in it minus the lowest price in it (a window of a single day has swing 0).

Return the sum of the swings of all n * (n + 1) / 2 windows.
"""

EXPLAIN = [
    "The windows of length 2 have swings 2, 3, 3; those of length 3 have swings 3, 3; the whole array has swing 3. The total is 8 + 6 + 3 = 17.",
    "Every window holds only equal prices, so every swing is 0.",
]

CONSTRAINTS = r"""
1 <= prices.length <= 3 * 10^4
-10^9 <= prices[i] <= 10^9
"""

REF = r"""
class Solution:
    def totalSwing(self, prices: List[int]) -> int:
        n = len(prices)

        def total_max(a):
            # sum over all windows of the window maximum; ties go to the leftmost maximum
            left = [0] * n
            right = [0] * n
            st = []
            for i in range(n):
                while st and a[st[-1]] < a[i]:
                    st.pop()
                left[i] = i - st[-1] if st else i + 1
                st.append(i)
            st = []
            for i in range(n - 1, -1, -1):
                while st and a[st[-1]] <= a[i]:
                    st.pop()
                right[i] = st[-1] - i if st else n - i
                st.append(i)
            return sum(a[i] * left[i] * right[i] for i in range(n))

        return total_max(prices) + total_max([-x for x in prices])
"""

BRUTE = r"""
class Solution:
    def totalSwing(self, prices: List[int]) -> int:
        n = len(prices)
        total = 0
        for i in range(n):
            for j in range(i, n):
                w = prices[i:j + 1]
                total += max(w) - min(w)
        return total
"""


def small(rng):
    n = rng.randint(1, 10)
    lo, hi = rng.choice([(0, 0), (1, 3), (-5, 5), (-10**9, 10**9)])
    return [[rng.randint(lo, hi) for _ in range(n)]]


def public():
    return [[[3, 1, 4, 1]], [[7, 7, 7]]]


def private(rng):
    return [
        [[42]],
        [[-10**9, 10**9]],
        [[5, 5, 5, 5, 5, 5, 5, 5, 5, 1]],
        [[rng.randint(-3, 3) for _ in range(60)]],
        [[rng.randint(-1000, 1000) for _ in range(7000)]],
        [list(range(5000, 0, -1))],
        [[rng.choice([-10**9, 0, 10**9]) for _ in range(3000)]],
        [[(i % 7) * (-1) ** i for i in range(2000)]],
    ]


def valid(inp):
    (a,) = inp
    assert 1 <= len(a) <= 3 * 10**4
    assert all(isinstance(x, int) and -10**9 <= x <= 10**9 for x in a)
