// Passwords and bearer secrets for accounts, by libsodium: argon2id password hashes (memory-hard, salted, in
// libsodium's self-describing string form) and random tokens and API keys. Clear passwords and secrets live only
// in the request being handled; what is stored is a hash.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace golf::server::passwords {

inline constexpr std::size_t min_password_bytes = 8;  // NIST SP 800-63B's floor; no composition rules
inline constexpr std::size_t max_password_bytes = 128;

// Why a new password cannot be used, or empty.
std::string problem(std::string_view password);

// argon2id at libsodium's interactive limits (2 passes, 64 MiB). Throws std::runtime_error when the memory for it
// cannot be had.
std::string hash(std::string_view password);
// Whether `password` matches `stored` (a hash() result); false for a malformed `stored`. Takes as long as hash().
bool verify(std::string_view stored, std::string_view password);
// Burns the time of one verify(): a sign-in under an unknown name takes as long as a wrong password.
void verify_nothing(std::string_view password);

// `bytes` random bytes as URL-safe base64 without padding, prefixed (e.g. "gk_" for API keys).
std::string new_secret(std::string_view prefix, std::size_t bytes = 32);
// What is stored of a token or key: SHA-256 as lowercase hex (a random 256-bit secret needs no slow hash).
std::string secret_hash(std::string_view secret);

}  // namespace golf::server::passwords
