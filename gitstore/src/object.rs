//! Object names, kinds and bytes, and the one check that makes every read
//! exact: an object's bytes hash to the name it was asked by.

use std::fmt;
use std::str::FromStr;

use sha1::{Digest, Sha1};

/// A SHA-1 object name.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Oid(pub [u8; 20]);

impl Oid {
    /// The name written as 40 hex digits (either case, as git reads it).
    /// `None` for anything else, a 64-digit SHA-256 name included.
    pub fn from_hex(text: &str) -> Option<Oid> {
        let text = text.as_bytes();
        if text.len() != 40 {
            return None;
        }
        let mut bytes = [0u8; 20];
        for (byte, pair) in bytes.iter_mut().zip(text.chunks_exact(2)) {
            let [hi, lo] = pair else { return None };
            *byte = (hex_value(*hi)? << 4) | hex_value(*lo)?;
        }
        Some(Oid(bytes))
    }

    /// The name of an object with these bytes.
    pub fn hash(kind: Kind, data: &[u8]) -> Oid {
        let mut hasher = Sha1::new();
        hasher.update(kind.name().as_bytes());
        hasher.update(b" ");
        hasher.update(data.len().to_string().as_bytes());
        hasher.update([0u8]);
        hasher.update(data);
        Oid(hasher.finalize().into())
    }

    /// The name's first byte, which picks a pack index's fan-out bucket.
    pub(crate) fn first_byte(&self) -> u8 {
        self.0[0]
    }
}

pub(crate) fn hex_value(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        b'A'..=b'F' => Some(digit - b'A' + 10),
        _ => None,
    }
}

impl fmt::Display for Oid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for byte in self.0 {
            write!(f, "{byte:02x}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Oid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Oid({self})")
    }
}

impl FromStr for Oid {
    type Err = String;
    fn from_str(text: &str) -> Result<Oid, String> {
        Oid::from_hex(text).ok_or_else(|| format!("{text:?} is not a 40-hex-digit object name"))
    }
}

/// The four kinds of git object.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Kind {
    Commit,
    Tree,
    Blob,
    Tag,
}

impl Kind {
    /// The name git writes in an object's header.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Commit => "commit",
            Kind::Tree => "tree",
            Kind::Blob => "blob",
            Kind::Tag => "tag",
        }
    }

    pub(crate) fn from_name(name: &[u8]) -> Option<Kind> {
        match name {
            b"commit" => Some(Kind::Commit),
            b"tree" => Some(Kind::Tree),
            b"blob" => Some(Kind::Blob),
            b"tag" => Some(Kind::Tag),
            _ => None,
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An object's kind and bytes, hash-checked against the name it was read by.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Object {
    pub kind: Kind,
    pub data: Vec<u8>,
}
