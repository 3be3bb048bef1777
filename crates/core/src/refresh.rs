//! Copies that refresh in place. A search refreshes one scratch copy of its root before every
//! playout ([`Clone::clone_from`]): the copy must keep its buffers (no allocation per playout) and
//! must not touch the reference count of a geometry every thread shares (no cache line passed
//! from core to core per playout). A derived `Clone` does neither: its `clone_from` makes a new
//! clone and drops the old one.

use std::sync::Arc;

/// Points `dst` at what `src` points at, touching the shared count only when they differ.
#[inline]
pub fn refresh_arc<T>(dst: &mut Arc<T>, src: &Arc<T>) {
    if !Arc::ptr_eq(dst, src) {
        *dst = Arc::clone(src);
    }
}

/// `impl Clone` for a struct, field by field, whose `clone_from` refreshes every field in place
/// (a `Vec` keeps its buffer, a field with its own `clone_from` uses it) and repoints the `Arc`
/// fields listed after `shared` only when they point elsewhere ([`refresh_arc`]). Every field must
/// be named, in either list: `clone` builds the struct from them, so a missing one does not compile.
///
/// ```
/// use std::sync::Arc;
/// struct Board {
///     geometry: Arc<Vec<u16>>,
///     cells: Vec<u8>,
///     hash: u64,
/// }
/// stones_core::clone_in_place!(Board { cells, hash } shared { geometry });
///
/// let a = Board { geometry: Arc::new(vec![1, 2]), cells: vec![0; 9], hash: 7 };
/// let mut b = a.clone();
/// b.cells[0] = 1;
/// let room = b.cells.as_ptr();
/// b.clone_from(&a);
/// assert_eq!((b.cells[0], b.cells.as_ptr(), b.hash), (0, room, 7));
/// assert_eq!(Arc::strong_count(&a.geometry), 2);
/// ```
#[macro_export]
macro_rules! clone_in_place {
    ($ty:ident $(<$($g:ident: $bound:path),*>)? { $($field:ident),* $(,)? }
        shared { $($arc:ident),* $(,)? }) => {
        impl$(<$($g: $bound),*>)? Clone for $ty$(<$($g),*>)? {
            fn clone(&self) -> Self {
                $ty {
                    $($field: self.$field.clone(),)*
                    $($arc: ::std::sync::Arc::clone(&self.$arc),)*
                }
            }

            fn clone_from(&mut self, src: &Self) {
                $($crate::refresh::refresh_arc(&mut self.$arc, &src.$arc);)*
                $(self.$field.clone_from(&src.$field);)*
            }
        }
    };
}
