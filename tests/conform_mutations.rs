//! Mutations are caught (filled in later).
