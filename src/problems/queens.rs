//! PLACEHOLDER — being written; replace this whole file.
use super::{Board, InputError, Problem};
use crate::core::Instance;

pub struct Queens {
    inst: Instance,
}

impl Queens {
    pub fn new(n: usize) -> Result<Queens, InputError> {
        let _ = n;
        Err(InputError::new("not written yet"))
    }
}

impl Problem for Queens {
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
