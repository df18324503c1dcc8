"""A tiny stock-keeping class for a shop's back office."""


class OutOfStock(Exception):
    pass


class Inventory:
    def __init__(self, stock={}):
        self.stock = stock

    def add(self, sku, qty=1):
        if qty <= 0:
            raise ValueError("quantity must be positive")
        self.stock[sku] = self.stock.get(sku, 0) + qty

    def remove(self, sku, qty=1):
        have = self.stock.get(sku, 0)
        if qty > have:
            raise OutOfStock(f"{sku}: have {have}, need {qty}")
        if qty == have:
            del self.stock[sku]
        else:
            self.stock[sku] = have - qty

    def count(self, sku):
        return self.stock.get(sku, 0)

    def total_items(self):
        return sum(self.stock.values())

    def low_stock(self, threshold=5):
        """SKUs with fewer than `threshold` items, alphabetically."""
        return sorted(sku for sku, qty in self.stock.items() if qty < threshold)
