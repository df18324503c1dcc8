//! Weights repacked for the VNNI kernel. Same numbers as the GGUF blocks (no
//! requantisation), laid out so one 64-byte load feeds 16 output columns:
//! `vpdpbusd` multiplies 4 unsigned weight bytes by 4 signed activation bytes
//! per i32 lane, so lane `c` of a load holds 4 consecutive weights of column
//! `c`, and a broadcast of the 4 matching activation bytes serves all 16.

use half::f16;

/// Output columns per group: the i32 lanes of a 512-bit register.
pub const COLS: usize = 16;
/// Weights per quantisation block (both formats).
pub const QK: usize = 32;
/// Scale floats stored per (group, block): 16 `d`, then 16 `m` (Q4_1) or zeros.
pub const SCALES: usize = 2 * COLS;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// x = d * q + m, q in 0..=15.
    Q4_1,
    /// x = d * w, w in -128..=127, stored as u = w + 128.
    Q8_0,
}

impl Format {
    /// Bytes of one GGUF block.
    fn raw_block_bytes(self) -> usize {
        match self {
            Format::Q4_1 => 20,
            Format::Q8_0 => 34,
        }
    }

    /// Packed quant bytes per (group, block): 16 columns × 32 weights, two
    /// nibbles a byte for Q4_1.
    pub fn packed_block_bytes(self) -> usize {
        match self {
            Format::Q4_1 => COLS * QK / 2,
            Format::Q8_0 => COLS * QK,
        }
    }
}

/// A `[n, k]` weight matrix (n outputs, k inputs) in the kernel's layout.
pub struct Packed {
    pub format: Format,
    pub n: usize,
    pub k: usize,
    /// Per group of 16 columns, per block of 32 inputs, `packed_block_bytes`:
    /// Q8_0: 8 vectors, vector `j` = for each column, weights `4j..4j+4`;
    /// Q4_1: 4 vectors, low nibbles as Q8_0's vector `j`, high nibbles `j + 4`.
    pub quants: Vec<u8>,
    /// Per (group, block): `SCALES` floats.
    pub scales: Vec<f32>,
}

fn f16_at(raw: &[u8], at: usize) -> f32 {
    f16::from_le_bytes([raw[at], raw[at + 1]]).to_f32()
}

/// One GGUF block's 32 weights as unsigned bytes, its `d`, and its `m`.
fn unpack_block(format: Format, raw: &[u8]) -> ([u8; QK], f32, f32) {
    let mut q = [0u8; QK];
    match format {
        Format::Q4_1 => {
            // ggml: qs[j] holds weight j (low nibble) and weight j + 16 (high).
            for j in 0..QK / 2 {
                q[j] = raw[4 + j] & 0x0F;
                q[j + QK / 2] = raw[4 + j] >> 4;
            }
            (q, f16_at(raw, 0), f16_at(raw, 2))
        }
        Format::Q8_0 => {
            for (u, &w) in q.iter_mut().zip(&raw[2..2 + QK]) {
                *u = (w as i8 as i16 + 128) as u8;
            }
            (q, f16_at(raw, 0), 0.0)
        }
    }
}

impl Packed {
    /// Repacks GGUF blocks (`raw`, row-major `[n, k / 32]` blocks). `n` must
    /// be a multiple of 16 and `k` of 32 (the caller checks).
    pub fn new(format: Format, n: usize, k: usize, raw: &[u8]) -> Self {
        assert!(n.is_multiple_of(COLS) && k.is_multiple_of(QK), "shape {n}x{k}");
        let nb = k / QK;
        let rb = format.raw_block_bytes();
        assert_eq!(raw.len(), n * nb * rb, "raw bytes for {n}x{k} {format:?}");
        let groups = n / COLS;
        let mut quants = Vec::with_capacity(groups * nb * format.packed_block_bytes());
        let mut scales = Vec::with_capacity(groups * nb * SCALES);
        for g in 0..groups {
            for b in 0..nb {
                let mut cols = [([0u8; QK], 0f32, 0f32); COLS];
                for (c, col) in cols.iter_mut().enumerate() {
                    let at = ((g * COLS + c) * nb + b) * rb;
                    *col = unpack_block(format, &raw[at..at + rb]);
                }
                // vector(j)[4c + i] = weight 4j + i of column c.
                let lane = |j: usize, c: usize, i: usize| cols[c].0[4 * j + i];
                match format {
                    Format::Q8_0 => {
                        for j in 0..QK / 4 {
                            for c in 0..COLS {
                                quants.extend((0..4).map(|i| lane(j, c, i)));
                            }
                        }
                    }
                    Format::Q4_1 => {
                        for j in 0..QK / 8 {
                            for c in 0..COLS {
                                quants.extend((0..4).map(|i| lane(j, c, i) | lane(j + 4, c, i) << 4));
                            }
                        }
                    }
                }
                scales.extend(cols.iter().map(|c| c.1));
                scales.extend(cols.iter().map(|c| c.2));
            }
        }
        Self { format, n, k, quants, scales }
    }

    /// The weight at (`col`, `i`) as the GGUF file defines it: for tests.
    #[cfg(test)]
    pub fn weight(&self, col: usize, i: usize) -> f32 {
        let nb = self.k / QK;
        let (g, c, b, w) = (col / COLS, col % COLS, i / QK, i % QK);
        let gb = g * nb + b;
        let s = &self.scales[gb * SCALES..];
        let q = &self.quants[gb * self.format.packed_block_bytes()..];
        let (j, lane) = (w / 4, 4 * c + w % 4);
        match self.format {
            Format::Q8_0 => s[c] * (q[64 * j + lane] as f32 - 128.0),
            Format::Q4_1 => {
                let byte = q[64 * (j % 4) + lane];
                let nib = if j < 4 { byte & 0x0F } else { byte >> 4 };
                s[c] * nib as f32 + s[COLS + c]
            }
        }
    }
}
