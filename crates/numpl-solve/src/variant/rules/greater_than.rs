//! Greater-than signs: a pair relation, the first cell's value above the second's.

use super::Builder;

pub(super) fn compile(b: &mut Builder<'_>, [a, c]: [u16; 2]) {
    b.relation(a, c, |x, y| x > y);
}
