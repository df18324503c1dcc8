//! Page arithmetic for a list view: how many pages there are, and which
//! items are on a given page.

use std::ops::Range;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pager {
    pub total: usize,
    pub per_page: usize,
}

impl Pager {
    pub fn new(total: usize, per_page: usize) -> Pager {
        assert!(per_page > 0, "per_page must be positive");
        Pager { total, per_page }
    }

    /// Number of pages; an empty list still has one (empty) page.
    pub fn page_count(&self) -> usize {
        if self.total == 0 {
            return 1;
        }
        self.total / self.per_page
    }

    /// Index range of the items on 1-based `page`, or None past the end.
    pub fn range(&self, page: usize) -> Option<Range<usize>> {
        if page == 0 || page > self.page_count() {
            return None;
        }
        let start = (page - 1) * self.per_page;
        let end = (start + self.per_page).min(self.total);
        Some(start..end)
    }

    /// The items on 1-based `page` (empty past the end).
    pub fn page<'a, T>(&self, items: &'a [T], page: usize) -> &'a [T] {
        match self.range(page) {
            Some(r) => &items[r],
            None => &[],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_multiple() {
        let p = Pager::new(20, 10);
        assert_eq!(p.page_count(), 2);
        assert_eq!(p.range(2), Some(10..20));
        assert_eq!(p.range(3), None);
    }

    #[test]
    fn empty_list_has_one_page() {
        let p = Pager::new(0, 10);
        assert_eq!(p.page_count(), 1);
        assert_eq!(p.range(1), Some(0..0));
    }

    #[test]
    fn partial_last_page() {
        let p = Pager::new(21, 10);
        assert_eq!(p.page_count(), 3);
        assert_eq!(p.range(3), Some(20..21));
    }
}
