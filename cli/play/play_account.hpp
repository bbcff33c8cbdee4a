// Who `golf play` plays as: a guest by default; with --account NAME it signs in (or with --register creates the
// account first) using the password in GOLF_PASSWORD or typed at the terminal, never echoed and never a flag (a
// flag shows in the process list); with GOLF_API_KEY set it signs in with that key. The session it gets is used
// again when the connection is made again.
#pragma once

#include <optional>
#include <string>

#include "clients/cpp/golf_client.hpp"

namespace golf::cli {

struct account_flags {
    std::optional<std::string> name;  // --account NAME
    bool register_new = false;        // --register
};

class play_account {
public:
    explicit play_account(account_flags flags) : flags_(std::move(flags)) {}

    // Signs `link` in as the flags and environment say (nothing for a guest). Returns the name to play under:
    // the account's, or `guest_name`. Throws client::error on a refusal, std::runtime_error without a password.
    std::string sign_in(client::connection& link, const std::string& guest_name, client::duration timeout);
    // On a fresh connection: signs in again with what the first sign-in gave (a session token or the API key).
    void sign_in_again(client::connection& link, client::duration timeout) const;
    bool signed_in() const { return !token_.empty() || !api_key_.empty(); }

private:
    account_flags flags_;
    std::string token_;
    std::string api_key_;
};

// A line typed at the terminal with echo off (the password prompt goes to stderr); nullopt when stdin is no
// terminal.
std::optional<std::string> read_secret(const std::string& prompt);

}  // namespace golf::cli
