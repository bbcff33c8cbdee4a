#include "server/common/secure.hpp"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace golf::server::secure {

void random_bytes(std::span<unsigned char> out) {
    if (out.empty()) return;
    if (RAND_bytes(out.data(), static_cast<int>(out.size())) != 1)
        throw std::runtime_error("the system's random generator failed");
}

std::uint64_t random_u64() {
    std::array<unsigned char, 8> bytes{};
    random_bytes(bytes);
    std::uint64_t value = 0;
    for (unsigned char b : bytes) value = (value << 8) | b;
    return value;
}

std::uint64_t hole_seed(std::string_view key, int hole) {
    const std::string digest = sha256("golf hole " + std::to_string(hole) + ":" + std::string(key));
    std::uint64_t value = 0;
    for (std::size_t i = 0; i < 8; ++i) value = (value << 8) | static_cast<unsigned char>(digest[i]);
    return value;
}

std::string new_seat_token() {
    std::array<unsigned char, 16> bytes{};
    random_bytes(bytes);
    return to_hex(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
}

std::string seat_token_at(std::string_view code) { return std::string(code) + "." + new_seat_token(); }

std::string table_code_of_token(std::string_view token) {
    const auto dot = token.find('.');
    return dot == std::string_view::npos ? std::string() : normalize_join_code(token.substr(0, dot));
}

std::string new_join_code() {
    static_assert(code_alphabet.size() == 32, "256 is a multiple of the alphabet's size, so no bias");
    std::array<unsigned char, code_length> bytes{};
    random_bytes(bytes);
    std::string code;
    for (unsigned char b : bytes) code += code_alphabet[b % code_alphabet.size()];
    return code;
}

std::string normalize_join_code(std::string_view text) {
    if (text.size() != code_length) return {};
    std::string code;
    for (char c : text) {
        const char upper = (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
        if (code_alphabet.find(upper) == std::string_view::npos) return {};
        code += upper;
    }
    return code;
}

std::string sha256(std::string_view data) {
    std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
    unsigned int length = 0;
    const std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> context(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
    if (!context || EVP_DigestInit_ex(context.get(), EVP_sha256(), nullptr) != 1 ||
        EVP_DigestUpdate(context.get(), data.data(), data.size()) != 1 ||
        EVP_DigestFinal_ex(context.get(), digest.data(), &length) != 1)
        throw std::runtime_error("SHA-256 failed");
    return std::string(reinterpret_cast<const char*>(digest.data()), length);
}

bool equal(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;  // every value compared here has a fixed length (digests)
    return CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

std::string seed_bytes(std::uint64_t seed) {
    std::string out(8, '\0');
    for (int i = 7; i >= 0; --i) {
        out[static_cast<std::size_t>(i)] = static_cast<char>(seed & 0xFF);
        seed >>= 8;
    }
    return out;
}

std::string commitment(std::uint64_t seed) { return sha256(seed_bytes(seed)); }

std::string to_hex(std::string_view bytes) {
    static constexpr std::string_view digits = "0123456789abcdef";
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes) {
        const auto b = static_cast<unsigned char>(c);
        out += digits[b >> 4];
        out += digits[b & 0x0F];
    }
    return out;
}

std::optional<std::string> from_hex(std::string_view hex) {
    if (hex.size() % 2 != 0) return std::nullopt;
    const auto nibble = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        return -1;
    };
    std::string out;
    out.reserve(hex.size() / 2);
    for (std::size_t i = 0; i < hex.size(); i += 2) {
        const int high = nibble(hex[i]);
        const int low = nibble(hex[i + 1]);
        if (high < 0 || low < 0) return std::nullopt;
        out += static_cast<char>(high * 16 + low);
    }
    return out;
}

}  // namespace golf::server::secure
