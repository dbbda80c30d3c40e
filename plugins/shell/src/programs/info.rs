use super::Program;

pub const PROGRAMS: &[&Program] = &[];
