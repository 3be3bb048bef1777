//! Game ids and seat tokens: 128 bits from the operating system's random source, as 32 hex digits.

use super::games::ApiError;

/// Bits of randomness in an id or a token.
pub const BITS: usize = 128;

/// A fresh secret: [`BITS`] random bits from the OS, in hex. Fails (503) only if the OS cannot give
/// randomness, rather than falling back to something guessable.
pub fn random_hex() -> Result<String, ApiError> {
    let mut bytes = [0u8; BITS / 8];
    getrandom::fill(&mut bytes)
        .map_err(|e| ApiError(503, format!("no randomness from the system: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// Whether `text` has the form of an id or a token (so that nothing else is looked up).
pub fn well_formed(text: &str) -> bool {
    text.len() == BITS / 4
        && text
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}
