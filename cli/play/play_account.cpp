#include "cli/play/play_account.hpp"

#include <termios.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>
#include <stdexcept>

#include "cli/play/messages.hpp"

namespace golf::cli {

std::optional<std::string> read_secret(const std::string& prompt) {
    if (!isatty(STDIN_FILENO)) return std::nullopt;
    termios before{};
    if (tcgetattr(STDIN_FILENO, &before) != 0) return std::nullopt;
    termios quiet = before;
    quiet.c_lflag &= ~static_cast<tcflag_t>(ECHO);
    std::cerr << prompt << std::flush;
    tcsetattr(STDIN_FILENO, TCSANOW, &quiet);
    std::string line;
    std::getline(std::cin, line);
    tcsetattr(STDIN_FILENO, TCSANOW, &before);
    std::cerr << '\n';
    return line;
}

std::string play_account::sign_in(client::connection& link, const std::string& guest_name, client::duration timeout) {
    if (!flags_.name) {
        const char* key = std::getenv("GOLF_API_KEY");
        if (!key || !*key) return guest_name;
        api_key_ = key;
        return link.sign_in_with_api_key(api_key_, timeout).account().name();
    }
    std::string password;
    if (const char* given = std::getenv("GOLF_PASSWORD"); given && *given) password = given;
    else if (auto typed = read_secret(tr("terminal.passwordFor", {{"name", *flags_.name}}))) password = *typed;
    else throw std::runtime_error(tr("terminal.passwordNeeded"));
    const v1::SignedIn in = flags_.register_new ? link.register_account(*flags_.name, password, timeout)
                                                : link.sign_in(*flags_.name, password, timeout);
    token_ = in.session_token();
    return in.account().name();
}

void play_account::sign_in_again(client::connection& link, client::duration timeout) const {
    if (!api_key_.empty()) link.sign_in_with_api_key(api_key_, timeout);
    else if (!token_.empty()) link.sign_in_with_token(token_, timeout);
}

}  // namespace golf::cli
