//! Weights repacked for the VNNI kernel. Same numbers as the GGUF blocks (no
//! requantisation), laid out so one 64-byte load feeds 16 output columns:
//! `vpdpbusd` multiplies 4 unsigned weight bytes by 4 signed activation bytes
//! per i32 lane, so lane `c` of a load holds 4 consecutive weights of column
//! `c`, and a broadcast of the 4 matching activation bytes serves all 16.
//! The K-quant superblocks (Q4_K, Q6_K) are laid out in `pack_k`.
//!
//! Every format keeps the file's size (the engine sizes its huge-page arena
//! by the file's bytes): Q4_0 18 bytes a block of 32, Q4_1 20, Q5_0 22, Q8_0
//! 34, per column.

use super::arena::Bytes;
use super::pack_k::{self, QK_K};

/// Output columns per group: the i32 lanes of a 512-bit register.
pub const COLS: usize = 16;
/// Weights per quantisation block of Q4_1 and Q8_0.
pub const QK: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// x = d * (q - 8), q in 0..=15.
    Q4_0,
    /// x = d * q + m, q in 0..=15.
    Q4_1,
    /// x = d * (q - 16), q in 0..=31: Q4_0's nibble and a fifth bit.
    Q5_0,
    /// x = d * w, w in -128..=127, stored as u = w + 128.
    Q8_0,
    /// Superblocks of 256: x = (d * sc) * q - (dmin * mn), q in 0..=15,
    /// 6-bit sc and mn per 32 weights.
    Q4K,
    /// Superblocks of 256: x = (d * sc) * (q - 32), q in 0..=63, i8 sc per
    /// 16 weights.
    Q6K,
}

impl Format {
    /// The format of a GGUF dtype we pack, if we pack it.
    pub fn of(dtype: candle_core::quantized::GgmlDType) -> Option<Self> {
        use candle_core::quantized::GgmlDType;
        Some(match dtype {
            GgmlDType::Q4_0 => Format::Q4_0,
            GgmlDType::Q4_1 => Format::Q4_1,
            GgmlDType::Q5_0 => Format::Q5_0,
            GgmlDType::Q8_0 => Format::Q8_0,
            GgmlDType::Q4K => Format::Q4K,
            GgmlDType::Q6K => Format::Q6K,
            _ => return None,
        })
    }

    /// Weights per block (the K-quants' superblock).
    pub fn block_len(self) -> usize {
        match self {
            Format::Q4_0 | Format::Q4_1 | Format::Q5_0 | Format::Q8_0 => QK,
            Format::Q4K | Format::Q6K => QK_K,
        }
    }

    /// Bytes of one GGUF block.
    fn raw_block_bytes(self) -> usize {
        match self {
            Format::Q4_0 => 18,
            Format::Q4_1 => 20,
            Format::Q5_0 => 22,
            Format::Q8_0 => 34,
            Format::Q4K => 144,
            Format::Q6K => 210,
        }
    }

    /// Quant bytes per (group, block): 16 columns × the block's weights,
    /// two nibbles a byte for Q4_0, Q4_1 and Q4_K (Q5_0: and 8 bit masks of
    /// 64 fifth bits), 6 bits a weight for Q6_K.
    pub fn quant_bytes(self) -> usize {
        match self {
            Format::Q4_0 | Format::Q4_1 | Format::Q4K => COLS * self.block_len() / 2,
            Format::Q5_0 => COLS * self.block_len() / 2 + COLS * self.block_len() / 8,
            Format::Q8_0 => COLS * self.block_len(),
            Format::Q6K => COLS * self.block_len() * 3 / 4,
        }
    }

    /// Bytes per (group, block): the quants, then 16 f16 `d`, then (Q4_1)
    /// 16 f16 `m` — the file's own f16 values, so as many bits a weight as
    /// the file (5 or 8.5): decode steps are bound by reading the weights.
    /// The K-quants' scales: see `pack_k`.
    pub fn block_bytes(self) -> usize {
        match self {
            Format::Q4_1 => self.quant_bytes() + 4 * COLS,
            Format::Q4_0 | Format::Q5_0 | Format::Q8_0 => self.quant_bytes() + 2 * COLS,
            Format::Q4K => self.quant_bytes() + pack_k::Q4K_SCALE_BYTES,
            Format::Q6K => self.quant_bytes() + pack_k::Q6K_SCALE_BYTES,
        }
    }
}

/// A `[n, k]` weight matrix (n outputs, k inputs) in the kernel's layout.
pub struct Packed {
    pub format: Format,
    pub n: usize,
    pub k: usize,
    /// Per group of 16 columns, per block of 32 inputs (256 for the
    /// K-quants), `block_bytes`, one group's blocks in a row (one stream for
    /// the prefetcher). The quants: Q8_0: 8 vectors, vector `j` = for each
    /// column, weights `4j..4j+4`; Q4_1: 4 vectors, low nibbles as Q8_0's
    /// vector `j`, high nibbles `j + 4`; Q4_K and Q6_K: see `pack_k`.
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
        Format::Q4K | Format::Q6K => unreachable!("{format:?} is packed by pack_k"),
        Format::Q4_0 | Format::Q4_1 | Format::Q5_0 => {
            // ggml: qs[j] holds weight j (low nibble) and weight j + 16
            // (high); Q5_0's u32 `qh` before them holds bit 4 of weight j
            // at bit j.
            let at = match format {
                Format::Q4_0 => 2,
                Format::Q4_1 => 4,
                _ => 6,
            };
            let qh = if format == Format::Q5_0 { u32::from_le_bytes(raw[2..6].try_into().unwrap()) } else { 0 };
            for j in 0..QK / 2 {
                q[j] = raw[at + j] & 0x0F | ((qh >> j & 1) << 4) as u8;
                q[j + QK / 2] = raw[at + j] >> 4 | ((qh >> (j + 16) & 1) << 4) as u8;
            }
            let m = if format == Format::Q4_1 { f16_at(raw, 2) } else { [0; 2] };
            (q, f16_at(raw, 0), m)
        }
        Format::Q8_0 => {
            for (u, &w) in q.iter_mut().zip(&raw[2..2 + QK]) {
                *u = (w as i8 as i16 + 128) as u8;
            }
            (q, f16_at(raw, 0), [0; 2])
        }
    }
}

/// Appends one (group, block) of Q4_0, Q4_1, Q5_0 or Q8_0: `raw_col(c)`
/// is column `c`'s GGUF block.
fn push_block<'a>(format: Format, raw_col: impl Fn(usize) -> &'a [u8], data: &mut Vec<u8>) {
    let cols: [_; COLS] = std::array::from_fn(|c| unpack_block(format, raw_col(c)));
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
        Format::Q4_0 | Format::Q4_1 | Format::Q5_0 => {
            for j in 0..QK / 8 {
                for c in 0..COLS {
                    data.extend((0..4).map(|i| lane(j, c, i) & 0x0F | (lane(j + 4, c, i) & 0x0F) << 4));
                }
            }
            if format == Format::Q5_0 {
                for v in 0..QK / 4 {
                    let bit = |c: usize, i: usize| ((lane(v, c, i) >> 4) as u64) << (4 * c + i);
                    let mask = (0..COLS).flat_map(|c| (0..4).map(move |i| (c, i))).fold(0, |m, (c, i)| m | bit(c, i));
                    data.extend(mask.to_le_bytes());
                }
            }
        }
        Format::Q4K | Format::Q6K => unreachable!("{format:?} is packed by pack_k"),
    }
    data.extend(cols.iter().flat_map(|c| c.1));
    if format == Format::Q4_1 {
        data.extend(cols.iter().flat_map(|c| c.2));
    }
}

impl Packed {
    /// Repacks GGUF blocks (`raw`, row-major `[n, k / block_len]` blocks).
    /// `n` must be a multiple of 16 and `k` of the block length (the caller
    /// checks).
    pub fn new(format: Format, n: usize, k: usize, raw: &[u8]) -> Self {
        assert!(n.is_multiple_of(COLS) && k.is_multiple_of(format.block_len()), "shape {n}x{k}");
        let nb = k / format.block_len();
        let rb = format.raw_block_bytes();
        assert_eq!(raw.len(), n * nb * rb, "raw bytes for {n}x{k} {format:?}");
        let groups = n / COLS;
        let mut data = Vec::with_capacity(groups * nb * format.block_bytes());
        for g in 0..groups {
            for b in 0..nb {
                let raw_col = |c: usize| &raw[((g * COLS + c) * nb + b) * rb..][..rb];
                match format {
                    Format::Q4_0 | Format::Q4_1 | Format::Q5_0 | Format::Q8_0 => push_block(format, raw_col, &mut data),
                    Format::Q4K => pack_k::push_q4k(raw_col, &mut data),
                    Format::Q6K => pack_k::push_q6k(raw_col, &mut data),
                }
            }
        }
        Self { format, n, k, data: Bytes::Own(data) }
    }

    /// The weight at (`col`, `i`) as the GGUF file defines it: for tests.
    #[cfg(test)]
    pub fn weight(&self, col: usize, i: usize) -> f32 {
        if matches!(self.format, Format::Q4K | Format::Q6K) {
            let nb = self.k / QK_K;
            let (g, c, b) = (col / COLS, col % COLS, i / QK_K);
            let at = (g * nb + b) * self.format.block_bytes();
            return pack_k::weight(self.format, &self.data[at..at + self.format.block_bytes()], c, i % QK_K);
        }
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
            Format::Q4_0 | Format::Q4_1 | Format::Q5_0 => {
                let byte = q[64 * (j % 4) + lane];
                let nib = if j < 4 { byte & 0x0F } else { byte >> 4 };
                let mask = |v: usize| u64::from_le_bytes(q[256 + 8 * v..][..8].try_into().unwrap());
                match self.format {
                    Format::Q4_0 => (nib as i32 - 8) as f32 * s(c),
                    Format::Q5_0 => ((nib as u64 | (mask(j) >> lane & 1) << 4) as i32 - 16) as f32 * s(c),
                    _ => s(c) * nib as f32 + s(COLS + c),
                }
            }
            Format::Q4K | Format::Q6K => unreachable!(),
        }
    }
}
