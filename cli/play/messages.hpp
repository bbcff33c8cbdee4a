// golf play's words in the player's language: the message catalogues the web client uses (locales/<language>/
// <area>.json, ICU MessageFormat), built into the program and formatted by ICU's own MessageFormat, so plurals,
// choices and numbers follow the language's rules. English is the fallback for a key a language lacks.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace golf::cli {

// One catalogue file as built in: its language, its area (the keys' prefix) and its JSON text.
struct catalogue_file {
    std::string_view language;
    std::string_view area;
    std::string_view json;
};
const std::vector<catalogue_file>& embedded_catalogues();  // generated from locales/ by embed_locales.cmake

// A message's named value: text, or a number (which plurals choose by).
struct message_arg {
    std::string_view name;
    std::variant<std::string_view, std::int64_t> value;
};

// The languages built in, English first.
std::vector<std::string> languages();

// The language a locale name asks for ("pl", "pl_PL.UTF-8", "de-AT"), if it is built in; "C" and "POSIX" ask for
// English.
std::string language_of(std::string_view locale_name);

// The terminal's own locale: LC_ALL, else LC_MESSAGES, else LANG; English when none names a language built in.
std::string terminal_language();

// Makes `language` (one of languages()) the one tr() speaks.
void use_language(const std::string& language);
const std::string& current_language();

// The message of `key` ("area.name") formatted with `args`; the key itself if no catalogue has it (a bug the
// catalogue test catches).
std::string tr(std::string_view key, std::initializer_list<message_arg> args = {});

}  // namespace golf::cli
