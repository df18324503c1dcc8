//! Q4_K and Q6_K superblocks (256 weights of one column) repacked for
//! `x86_kquant`, 16 columns at a time, in the `pack` layout: lane `c` of a
//! 64-byte vector holds 4 consecutive weights of column `c`. No
//! requantisation: the file's own f16 `d` and integer sub-block scales, so
//! that the kernel forms `d * sc` (and `dmin * mn`) with candle's very f32
//! multiplications.
//!
//! Per (group of 16 columns, superblock):
//! - Q4_K (2304 bytes, 4.5 bits a weight, as the file): sub-block `s` (32
//!   weights) is vectors `4s..4s + 4`, vector `4s + j` holding weights
//!   `32s + 4j..` in its low nibbles and `32s + 16 + 4j..` in its high ones
//!   (as a Q4_1 block); then 16 f16 `d`, 16 f16 `dmin`, and the file's 12
//!   bytes of 6-bit scales and mins a column as 12 rows of 16 columns (the
//!   kernel unpacks them 16 columns at a time).
//! - Q6_K (3360 bytes, 6.6 bits a weight, as the file): per pair of
//!   sub-blocks `2u, 2u + 1` (weights `32u..32u + 32`), 6 vectors from byte
//!   `384u`: 4 of low 4 bits, vector `j` holding weights `32u + 4j..` in its
//!   low nibbles and `32u + 16 + 4j..` in its high ones, then 2 of high 2
//!   bits, vector `h` holding those of weights `32u + 16h + 4t..` (t in 0..4)
//!   at bits 4, 6, 0, 2 for t = 0, 1, 2, 3 (so that one 16-bit shift, or
//!   none, brings each to bits 4-5); then 16 f16 `d` and `[16][16]` i8
//!   scales. The stored value q is 0..=63, the weight's integer q − 32.
//!
//! Both take the file's bytes, so the engine's arena, sized by the file,
//! holds them; unpacking costs ~3 instructions a vector, less than reading
//! a third more bytes costs a decode step bound by memory reads.

use super::pack::COLS;

/// Weights per K-quant superblock.
pub const QK_K: usize = 256;

/// Bytes after the quants: Q4_K's `d`, `dmin`, scales and mins.
pub const Q4K_SCALE_BYTES: usize = 4 * COLS + 12 * COLS;
/// Bytes after the quants: Q6_K's `d` and scales.
pub const Q6K_SCALE_BYTES: usize = 2 * COLS + 16 * COLS;

/// Q4_K's 6-bit scale and min of sub-block `j` (ggml's `get_scale_min_k4`):
/// for tests.
#[cfg(test)]
fn scale_min(j: usize, s: &[u8]) -> (u8, u8) {
    if j < 4 {
        (s[j] & 63, s[j + 4] & 63)
    } else {
        ((s[j + 4] & 0x0F) | ((s[j - 4] >> 6) << 4), (s[j + 4] >> 4) | ((s[j] >> 6) << 4))
    }
}

/// Appends one Q4_K superblock of 16 columns; `raw_col(c)` is column `c`'s
/// 144-byte GGUF block (`d`, `dmin`, 12 bytes of scales, 128 of quants).
pub fn push_q4k<'a>(raw_col: impl Fn(usize) -> &'a [u8], data: &mut Vec<u8>) {
    let cols: [&[u8]; COLS] = std::array::from_fn(raw_col);
    // ggml: quant byte 32c + j holds weight 64c + j (low nibble) and 64c + 32 + j (high).
    let q = |c: usize, w: usize| {
        let byte = cols[c][16 + 32 * (w / 64) + w % 32];
        if w % 64 < 32 {
            byte & 0x0F
        } else {
            byte >> 4
        }
    };
    for s in 0..8 {
        for j in 0..4 {
            for c in 0..COLS {
                let w = 32 * s + 4 * j;
                data.extend((0..4).map(|i| q(c, w + i) | q(c, w + 16 + i) << 4));
            }
        }
    }
    data.extend(cols.iter().flat_map(|b| [b[0], b[1]]));
    data.extend(cols.iter().flat_map(|b| [b[2], b[3]]));
    for i in 0..12 {
        data.extend(cols.iter().map(|b| b[4 + i]));
    }
}

/// Appends one Q6_K superblock of 16 columns; `raw_col(c)` is column `c`'s
/// 210-byte GGUF block (`ql[128]`, `qh[64]`, i8 `scales[16]`, `d`).
pub fn push_q6k<'a>(raw_col: impl Fn(usize) -> &'a [u8], data: &mut Vec<u8>) {
    let cols: [&[u8]; COLS] = std::array::from_fn(raw_col);
    // ggml: per half h of 128 weights, weight 128h + 32t + l (t in 0..4, l
    // in 0..32) has its low 4 bits in nibble t / 2 of ql[64h + 32(t % 2) + l]
    // and its high 2 in bits 2t of qh[32h + l].
    let q = |c: usize, w: usize| {
        let (h, t, l) = (w / 128, w % 128 / 32, w % 32);
        let lo = cols[c][64 * h + 32 * (t % 2) + l] >> (4 * (t / 2)) & 0x0F;
        let hi = cols[c][128 + 32 * h + l] >> (2 * t) & 3;
        lo | hi << 4
    };
    for u in 0..QK_K / 32 {
        for j in 0..4 {
            for c in 0..COLS {
                let w = 32 * u + 4 * j;
                data.extend((0..4).map(|i| q(c, w + i) & 0x0F | (q(c, w + 16 + i) & 0x0F) << 4));
            }
        }
        for h in 0..2 {
            for c in 0..COLS {
                let hi = |t: usize, i: usize| q(c, 32 * u + 16 * h + 4 * t + i) >> 4;
                data.extend((0..4).map(|i| hi(0, i) << 4 | hi(1, i) << 6 | hi(2, i) | hi(3, i) << 2));
            }
        }
    }
    data.extend(cols.iter().flat_map(|b| [b[208], b[209]]));
    for s in 0..16 {
        data.extend(cols.iter().map(|b| b[192 + s]));
    }
}

/// The weight at column `c`, input `i` of one packed superblock tile, with
/// candle's dequantisation arithmetic: for tests.
#[cfg(test)]
pub fn weight(format: super::pack::Format, tile: &[u8], c: usize, i: usize) -> f32 {
    use super::pack::Format;
    let f16 = |at: usize| half::f16::from_le_bytes([tile[at], tile[at + 1]]).to_f32();
    match format {
        Format::Q4K => {
            let (s, w) = (i / 32, i % 32);
            let byte = tile[64 * (4 * s + w % 16 / 4) + 4 * c + w % 4];
            let q = if w < 16 { byte & 0x0F } else { byte >> 4 };
            let at = 2048;
            let (d, dmin) = (f16(at + 2 * c), f16(at + 32 + 2 * c));
            let scales: Vec<u8> = (0..12).map(|b| tile[at + 64 + 16 * b + c]).collect();
            let (sc, mn) = scale_min(s, &scales);
            d * sc as f32 * q as f32 - dmin * mn as f32
        }
        Format::Q6K => {
            let (u, h, t, lane) = (i / 32, i % 32 / 16, i % 16 / 4, 4 * c + i % 4);
            let nib = tile[384 * u + 64 * t + lane] >> (4 * h) & 0x0F;
            let high = tile[384 * u + 256 + 64 * h + lane] >> [4, 6, 0, 2][t] & 3;
            let q = (nib | high << 4) as i32 - 32;
            let at = 3072;
            let sc = tile[at + 32 + 16 * (i / 16) + c] as i8;
            f16(at + 2 * c) * sc as f32 * q as f32
        }
        Format::Q4_0 | Format::Q4_1 | Format::Q5_0 | Format::Q8_0 => unreachable!(),
    }
}
