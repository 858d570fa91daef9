//! PLACEHOLDER — being written; replace this whole file.
use super::{Board, InputError, Problem};
use crate::core::Instance;

pub struct Langford {
    inst: Instance,
}

impl Langford {
    pub fn new(n: usize, distinct: bool) -> Result<Langford, InputError> {
        let _ = (n, distinct);
        Err(InputError::new("not written yet"))
    }
}

impl Problem for Langford {
    fn title(&self) -> String {
        String::new()
    }
    fn instance(&self) -> &Instance {
        &self.inst
    }
    fn board(&self, _options: &[usize]) -> Board {
        Board::default()
    }
    fn check(&self, _board: &Board) -> Result<(), String> {
        Err("not written yet".into())
    }
}
