use paginate::Pager;

#[test]
fn fewer_items_than_a_page() {
    let p = Pager::new(5, 10);
    assert_eq!(p.page_count(), 1);
    assert_eq!(p.range(1), Some(0..5));
    assert_eq!(p.range(2), None);
}

#[test]
fn last_page_items() {
    let items: Vec<u32> = (1..=23).collect();
    let p = Pager::new(items.len(), 5);
    assert_eq!(p.page_count(), 5);
    assert_eq!(p.page(&items, 5), &[21, 22, 23]);
    assert_eq!(p.page(&items, 6), &[] as &[u32]);
}

#[test]
fn one_per_page() {
    let p = Pager::new(3, 1);
    assert_eq!(p.page_count(), 3);
    assert_eq!(p.range(3), Some(2..3));
}

#[test]
fn every_item_on_exactly_one_page() {
    for total in 0..40usize {
        for per_page in 1..12usize {
            let p = Pager::new(total, per_page);
            let mut seen = 0;
            for page in 1..=p.page_count() {
                let r = p.range(page).expect("page in range");
                assert_eq!(r.start, seen);
                seen = r.end;
            }
            assert_eq!(seen, total, "total={total} per_page={per_page}");
            assert_eq!(p.range(0), None);
            assert_eq!(p.range(p.page_count() + 1), None);
        }
    }
}
