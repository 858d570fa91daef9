//! PLACEHOLDER — being written; replace this whole file.
use super::{Board, InputError, Problem};
use crate::core::Instance;

pub struct ToroidalQueens {
    inst: Instance,
}

impl ToroidalQueens {
    pub fn new(n: usize) -> Result<ToroidalQueens, InputError> {
        let _ = n;
        Err(InputError::new("not written yet"))
    }
}

impl Problem for ToroidalQueens {
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
