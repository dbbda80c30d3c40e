//! Inflating one zlib stream fed in chunks, into an output buffer the caller
//! sizes: a stream that ends early, runs long or is damaged is told apart.

use miniz_oxide::inflate::core::inflate_flags::{
    TINFL_FLAG_HAS_MORE_INPUT, TINFL_FLAG_PARSE_ZLIB_HEADER,
    TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF,
};
use miniz_oxide::inflate::core::{decompress, DecompressorOxide};
use miniz_oxide::inflate::TINFLStatus;

/// One zlib stream being inflated into `out[..written]`.
pub(crate) struct Inflate {
    state: Box<DecompressorOxide>,
    out: Vec<u8>,
    written: usize,
}

/// Where the stream stands after a chunk.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The stream ended; `consumed` bytes of the chunk belonged to it.
    Done { consumed: usize },
    /// The whole chunk was consumed and the stream goes on.
    NeedInput,
    /// The output buffer is full and the stream has more; `consumed` bytes of
    /// the chunk were used.
    OutputFull { consumed: usize },
}

impl Inflate {
    /// A stream whose output goes into a buffer of `capacity` bytes (grown
    /// only by [`Inflate::grow`]).
    pub(crate) fn new(capacity: usize) -> Inflate {
        Inflate {
            state: Box::default(),
            out: vec![0; capacity],
            written: 0,
        }
    }

    /// Make the output buffer `capacity` bytes (what was written is kept, as
    /// the inflater reads back from it).
    pub(crate) fn grow(&mut self, capacity: usize) {
        if capacity > self.out.len() {
            self.out.resize(capacity, 0);
        }
    }

    /// What has been inflated so far.
    pub(crate) fn output(&self) -> &[u8] {
        self.out.get(..self.written).unwrap_or_default()
    }

    pub(crate) fn into_output(mut self) -> Vec<u8> {
        self.out.truncate(self.written);
        self.out
    }

    /// Feed `chunk`; `more` says whether bytes follow it in the file. An
    /// `Err` is a sentence about the damage.
    pub(crate) fn feed(&mut self, chunk: &[u8], more: bool) -> Result<Step, String> {
        let mut flags = TINFL_FLAG_PARSE_ZLIB_HEADER | TINFL_FLAG_USING_NON_WRAPPING_OUTPUT_BUF;
        if more {
            flags |= TINFL_FLAG_HAS_MORE_INPUT;
        }
        let (status, consumed, produced) =
            decompress(&mut self.state, chunk, &mut self.out, self.written, flags);
        self.written = self.written.saturating_add(produced).min(self.out.len());
        match status {
            TINFLStatus::Done => Ok(Step::Done { consumed }),
            TINFLStatus::NeedsMoreInput if more => {
                if consumed < chunk.len() {
                    // The inflater always takes what it is given; guard the caller's loop.
                    return Err("the compressed stream stopped taking input".into());
                }
                Ok(Step::NeedInput)
            }
            TINFLStatus::NeedsMoreInput | TINFLStatus::FailedCannotMakeProgress => {
                Err("the compressed stream is truncated".into())
            }
            TINFLStatus::HasMoreOutput => Ok(Step::OutputFull { consumed }),
            TINFLStatus::Adler32Mismatch => {
                Err("the compressed stream's checksum does not match".into())
            }
            TINFLStatus::Failed | TINFLStatus::BadParam => {
                Err("the compressed stream is not valid zlib data".into())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use miniz_oxide::deflate::compress_to_vec_zlib;

    #[test]
    fn exact_size_output_ends_done() {
        for size in [0usize, 1, 17, 70_000] {
            let data: Vec<u8> = (0..size).map(|i| (i * 7 % 251) as u8).collect();
            let packed = compress_to_vec_zlib(&data, 6);
            let mut inflate = Inflate::new(size + 1);
            let step = inflate.feed(&packed, false).unwrap();
            assert_eq!(
                step,
                Step::Done {
                    consumed: packed.len()
                }
            );
            assert_eq!(inflate.into_output(), data);
        }
    }

    #[test]
    fn chunked_input_and_long_output() {
        let data = vec![7u8; 100_000];
        let packed = compress_to_vec_zlib(&data, 6);
        let mut inflate = Inflate::new(data.len() + 1);
        let mut rest: &[u8] = &packed;
        loop {
            let take = rest.len().min(5);
            let (chunk, tail) = rest.split_at(take);
            match inflate.feed(chunk, !tail.is_empty()).unwrap() {
                Step::Done { .. } => break,
                Step::NeedInput => rest = tail,
                Step::OutputFull { .. } => panic!("full"),
            }
        }
        assert_eq!(inflate.into_output(), data);
        let mut short = Inflate::new(10);
        assert!(matches!(
            short.feed(&packed, false),
            Ok(Step::OutputFull { .. })
        ));
        let mut truncated = Inflate::new(data.len() + 1);
        assert!(truncated.feed(&packed[..packed.len() - 3], false).is_err());
    }
}
