//! What memdoor's own CUDA kernels share (`fused`, `decode_attention`,
//! `device_sampling`): each source compiled once a process with NVRTC (no
//! CUDA compiler at build time) and loaded as a module of the device, and
//! views of candle's storage to pass them.

use std::sync::OnceLock;

use candle_core::cuda_backend::cudarc::driver::{CudaFunction, CudaView, DeviceRepr};
use candle_core::cuda_backend::cudarc::nvrtc::compile_ptx;
use candle_core::cuda_backend::CudaDType;
use candle_core::{CudaDevice, CudaStorage, Layout, Result};

/// One CUDA source and the module its kernels are loaded as.
pub(super) struct Kernels {
    module: &'static str,
    source: &'static str,
    ptx: OnceLock<std::result::Result<String, String>>,
}

impl Kernels {
    pub(super) const fn new(module: &'static str, source: &'static str) -> Self {
        Self { module, source, ptx: OnceLock::new() }
    }

    /// The kernel `name`, compiled at the first call in the process.
    pub(super) fn function(&'static self, dev: &CudaDevice, name: &str) -> Result<CudaFunction> {
        let ptx = self
            .ptx
            .get_or_init(|| compile_ptx(self.source).map(|p| p.to_src()).map_err(|e| format!("{e:?}")))
            .as_deref()
            .map_err(|e| candle_core::Error::Msg(format!("compiling memdoor's {} with NVRTC: {e}", self.module)))?;
        Ok(dev.get_or_load_custom_func(name, self.module, ptx)?.into_cuda_function())
    }
}

/// A contiguous input's elements.
pub(super) fn view<'a, T: CudaDType + DeviceRepr>(
    s: &'a CudaStorage,
    l: &Layout,
    what: &str,
) -> Result<CudaView<'a, T>> {
    let (a, b) = l.contiguous_offsets().ok_or_else(|| candle_core::Error::Msg(format!("{what}: not contiguous")))?;
    Ok(s.as_cuda_slice::<T>()?.slice(a..b))
}
