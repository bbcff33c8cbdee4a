#include "server/accounts/passwords.hpp"

#include <sodium.h>

#include <mutex>
#include <stdexcept>
#include <vector>

#include "server/common/secure.hpp"

namespace golf::server::passwords {

namespace {

void ready() {
    static std::once_flag once;
    std::call_once(once, [] {
        if (sodium_init() < 0) throw std::runtime_error("libsodium could not start");
    });
}

}  // namespace

std::string problem(std::string_view password) {
    if (password.size() < min_password_bytes)
        return "a password needs at least " + std::to_string(min_password_bytes) + " characters";
    if (password.size() > max_password_bytes)
        return "a password holds at most " + std::to_string(max_password_bytes) + " bytes";
    return {};
}

std::string hash(std::string_view password) {
    ready();
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                              crypto_pwhash_MEMLIMIT_INTERACTIVE, crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("not enough memory to hash a password");
    return out;
}

bool verify(std::string_view stored, std::string_view password) {
    ready();
    const std::string terminated(stored);  // libsodium reads a NUL-terminated string
    if (terminated.size() >= crypto_pwhash_STRBYTES) return false;
    return crypto_pwhash_str_verify(terminated.c_str(), password.data(), password.size()) == 0;
}

void verify_nothing(std::string_view password) {
    static const std::string dummy = hash("no account has this password");
    (void)verify(dummy, password);
}

std::string new_secret(std::string_view prefix, std::size_t bytes) {
    ready();
    std::vector<unsigned char> raw(bytes);
    randombytes_buf(raw.data(), raw.size());
    std::string text(sodium_base64_ENCODED_LEN(bytes, sodium_base64_VARIANT_URLSAFE_NO_PADDING), '\0');
    sodium_bin2base64(text.data(), text.size(), raw.data(), raw.size(), sodium_base64_VARIANT_URLSAFE_NO_PADDING);
    sodium_memzero(raw.data(), raw.size());
    text.resize(text.find('\0'));
    return std::string(prefix) + text;
}

std::string secret_hash(std::string_view secret) { return secure::to_hex(secure::sha256(secret)); }

}  // namespace golf::server::passwords
