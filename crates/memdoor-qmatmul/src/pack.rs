//! Weights repacked for the VNNI kernel. Same numbers as the GGUF blocks (no
//! requantisation), laid out so one 64-byte load feeds 16 output columns:
//! `vpdpbusd` multiplies 4 unsigned weight bytes by 4 signed activation bytes
//! per i32 lane, so lane `c` of a load holds 4 consecutive weights of column
//! `c`, and a broadcast of the 4 matching activation bytes serves all 16.

use super::arena::Bytes;

/// Output columns per group: the i32 lanes of a 512-bit register.
pub const COLS: usize = 16;
/// Weights per quantisation block (both formats).
pub const QK: usize = 32;

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

    /// Quant bytes per (group, block): 16 columns × 32 weights, two nibbles
    /// a byte for Q4_1.
    pub fn quant_bytes(self) -> usize {
        match self {
            Format::Q4_1 => COLS * QK / 2,
            Format::Q8_0 => COLS * QK,
        }
    }

    /// Bytes per (group, block): the quants, then 16 f16 `d`, then (Q4_1)
    /// 16 f16 `m` — the file's own f16 values, so as many bits a weight as
    /// the file (5 or 8.5): decode steps are bound by reading the weights.
    pub fn block_bytes(self) -> usize {
        match self {
            Format::Q4_1 => self.quant_bytes() + 4 * COLS,
            Format::Q8_0 => self.quant_bytes() + 2 * COLS,
        }
    }
}

/// A `[n, k]` weight matrix (n outputs, k inputs) in the kernel's layout.
pub struct Packed {
    pub format: Format,
    pub n: usize,
    pub k: usize,
    /// Per group of 16 columns, per block of 32 inputs, `block_bytes`, one
    /// group's blocks in a row (one stream for the prefetcher). The quants:
    /// Q8_0: 8 vectors, vector `j` = for each column, weights `4j..4j+4`;
    /// Q4_1: 4 vectors, low nibbles as Q8_0's vector `j`, high nibbles `j + 4`.
    pub data: Bytes,
}

fn f16_at(raw: &[u8], at: usize) -> [u8; 2] {
    [raw[at], raw[at + 1]]
}

/// One GGUF block's 32 weights as unsigned bytes, its `d`, and its `m`
/// (f16 bytes).
fn unpack_block(format: Format, raw: &[u8]) -> ([u8; QK], [u8; 2], [u8; 2]) {
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
            (q, f16_at(raw, 0), [0; 2])
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
        let mut data = Vec::with_capacity(groups * nb * format.block_bytes());
        for g in 0..groups {
            for b in 0..nb {
                let mut cols = [([0u8; QK], [0u8; 2], [0u8; 2]); COLS];
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
                                data.extend((0..4).map(|i| lane(j, c, i)));
                            }
                        }
                    }
                    Format::Q4_1 => {
                        for j in 0..QK / 8 {
                            for c in 0..COLS {
                                data.extend((0..4).map(|i| lane(j, c, i) | lane(j + 4, c, i) << 4));
                            }
                        }
                    }
                }
                data.extend(cols.iter().flat_map(|c| c.1));
                if format == Format::Q4_1 {
                    data.extend(cols.iter().flat_map(|c| c.2));
                }
            }
        }
        Self { format, n, k, data: Bytes::Own(data) }
    }

    /// The weight at (`col`, `i`) as the GGUF file defines it: for tests.
    #[cfg(test)]
    pub fn weight(&self, col: usize, i: usize) -> f32 {
        let nb = self.k / QK;
        let (g, c, b, w) = (col / COLS, col % COLS, i / QK, i % QK);
        let q = &self.data[(g * nb + b) * self.format.block_bytes()..];
        let s = |i: usize| {
            let at = self.format.quant_bytes() + 2 * i;
            half::f16::from_le_bytes([q[at], q[at + 1]]).to_f32()
        };
        let (j, lane) = (w / 4, 4 * c + w % 4);
        match self.format {
            Format::Q8_0 => s(c) * (q[64 * j + lane] as f32 - 128.0),
            Format::Q4_1 => {
                let byte = q[64 * (j % 4) + lane];
                let nib = if j < 4 { byte & 0x0F } else { byte >> 4 };
                s(c) * nib as f32 + s(COLS + c)
            }
        }
    }
}
