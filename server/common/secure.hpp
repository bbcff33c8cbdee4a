// The server's secrets: random bytes from OpenSSL's CSPRNG (seat tokens, hand seeds, join codes, bot seeds) and
// SHA-256. Seat tokens are kept only as their SHA-256 and compared in constant time, so neither a memory dump
// nor a timing difference gives a token away.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace golf::server::secure {

// Fills `out` from RAND_bytes. Throws std::runtime_error if the generator fails (it never silently degrades).
void random_bytes(std::span<unsigned char> out);
std::uint64_t random_u64();

// 128 random bits as 32 lowercase hex characters.
std::string new_seat_token();
// A seat's token at table `code`: "CODE." and new_seat_token(). The code, public anyway, lets any node send a
// reclaim to the table's node even before the match is recorded; the secret is the random part.
std::string seat_token_at(std::string_view code);
// The table code a token made by seat_token_at names, or "" (a token of the older form, or not a token at all).
std::string table_code_of_token(std::string_view token);

inline constexpr std::string_view code_alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";  // no 0/O, 1/I
inline constexpr std::size_t code_length = 6;
// A random join code (uniqueness among live tables is the registry's job).
std::string new_join_code();
// A code as a client may type it: any case. Returns the canonical (upper-case) form, or "" when not a code.
std::string normalize_join_code(std::string_view text);

// SHA-256 of `data`: 32 raw bytes.
std::string sha256(std::string_view data);
// Constant-time equality (CRYPTO_memcmp); values of different lengths are unequal.
bool equal(std::string_view a, std::string_view b);

// A hand seed as it is committed to and revealed: 8 bytes, big-endian.
std::string seed_bytes(std::uint64_t seed);
// The commitment published before a hand: SHA-256 of seed_bytes(seed).
std::string commitment(std::uint64_t seed);
// A duplicate round's seed for `hole` (1-based): the first 8 bytes of SHA-256("golf hole N:" + key). Every table of
// the round holds the same secret key, so deals the same hand; a revealed seed gives away no other hole's.
std::uint64_t hole_seed(std::string_view key, int hole);

std::string to_hex(std::string_view bytes);
// The bytes of lowercase or uppercase hex; nullopt for an odd length or a non-hex character.
std::optional<std::string> from_hex(std::string_view hex);

}  // namespace golf::server::secure
