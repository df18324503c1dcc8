use stats::{mean, median, percentile};

#[test]
fn mean_works() {
    assert_eq!(mean(&[1.0, 2.0, 6.0]), Some(3.0));
    assert_eq!(mean(&[]), None);
}

#[test]
fn median_odd_and_even() {
    assert_eq!(median(&[5.0, 1.0, 3.0]), Some(3.0));
    assert_eq!(median(&[4.0, 1.0, 3.0, 2.0]), Some(2.5));
}

#[test]
fn percentile_nearest_rank() {
    let xs = [15.0, 20.0, 35.0, 40.0, 50.0];
    assert_eq!(percentile(&xs, 30.0), Some(20.0));
    assert_eq!(percentile(&xs, 100.0), Some(50.0));
    assert_eq!(percentile(&xs, 101.0), None);
}

#[test]
fn median_of_nothing() {
    assert_eq!(median(&[]), None);
}
