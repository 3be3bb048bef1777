//! A `VecEnv` call's output arrays: new Python `bytearray`s written in Rust, then given to numpy as
//! the arrays' memory without a copy.

use crate::value_error;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyTuple};

/// A new Python `bytearray`, not initialised: written in Rust (every byte) before numpy sees it.
pub struct Output<'py>(Bound<'py, PyByteArray>);

impl<'py> Output<'py> {
    /// `len` bytes, and their memory to write.
    pub fn new(py: Python<'py>, len: usize) -> PyResult<(Output<'py>, &'py mut [u8])> {
        let size = isize::try_from(len).map_err(|_| value_error("output too large"))?;
        // SAFETY: a null source asks CPython for a new bytearray of `size` bytes, not initialised
        // (a null result is an error set, which `from_owned_ptr_or_err` takes). Its buffer is
        // `size` bytes (plus a 0), and it never moves: nothing else knows the bytearray, which
        // lives (held by the `Output`, then by the numpy array made of it) longer than the slice
        // is used. Any byte is a valid u8; the callers write every byte before numpy sees them.
        unsafe {
            let object = ffi::PyByteArray_FromStringAndSize(std::ptr::null(), size);
            let array =
                Bound::from_owned_ptr_or_err(py, object)?.cast_into_unchecked::<PyByteArray>();
            let data = ffi::PyByteArray_AsString(array.as_ptr()).cast::<u8>();
            if data.is_null() {
                return Err(PyErr::fetch(py));
            }
            let bytes = match len {
                0 => &mut [][..],
                _ => std::slice::from_raw_parts_mut(data, len),
            };
            Ok((Output(array), bytes))
        }
    }

    /// The `bytearray`, to keep without the GIL.
    pub fn unbind(self) -> Py<PyByteArray> {
        self.0.unbind()
    }

    /// A kept `bytearray` again.
    pub fn bind(py: Python<'py>, kept: Py<PyByteArray>) -> Output<'py> {
        Output(kept.into_bound(py))
    }

    /// The numpy array of `dtype` and `shape` over the bytes.
    pub fn array(
        self,
        py: Python<'py>,
        dtype: &str,
        shape: &[usize],
    ) -> PyResult<Bound<'py, PyAny>> {
        static FROMBUFFER: pyo3::sync::PyOnceLock<Py<PyAny>> = pyo3::sync::PyOnceLock::new();
        let frombuffer = FROMBUFFER.get_or_try_init(py, || {
            py.import("numpy")?.getattr("frombuffer").map(Bound::unbind)
        })?;
        let array = frombuffer.bind(py).call1((self.0, dtype))?;
        array.call_method1("reshape", (PyTuple::new(py, shape)?,))
    }
}

/// Bytes as the f32s they will hold (CPython's allocations are aligned far beyond 4 bytes).
pub fn as_floats(bytes: &mut [u8]) -> PyResult<&mut [f32]> {
    // SAFETY: every bit pattern is a valid f32; the middle part is aligned by construction.
    let (before, floats, after) = unsafe { bytes.align_to_mut::<f32>() };
    if !before.is_empty() || !after.is_empty() {
        return Err(value_error("an output buffer is not aligned for float32"));
    }
    Ok(floats)
}
