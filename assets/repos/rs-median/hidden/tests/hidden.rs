use stats::{mean, median, percentile};

#[test]
fn empty_everywhere() {
    let none: &[f64] = &[];
    assert_eq!(median(none), None);
    assert_eq!(mean(none), None);
    assert_eq!(percentile(none, 50.0), None);
}

#[test]
fn single_sample() {
    assert_eq!(median(&[7.5]), Some(7.5));
}

#[test]
fn two_samples() {
    assert_eq!(median(&[10.0, 2.0]), Some(6.0));
}

#[test]
fn empty_vec_and_negative_values() {
    let v: Vec<f64> = Vec::new();
    assert_eq!(median(&v), None);
    assert_eq!(median(&[-3.0, -1.0, -2.0]), Some(-2.0));
}

#[test]
fn input_left_alone() {
    let xs = vec![3.0, 1.0, 2.0];
    assert_eq!(median(&xs), Some(2.0));
    assert_eq!(xs, vec![3.0, 1.0, 2.0]);
}
