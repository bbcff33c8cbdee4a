// The names people play under. A guest's name only has to be printable (registry: 1 to 24 characters); a name
// registered for an account is held to more, because it is owned: letters of one script (any script), digits and
// a few separators, and no two accounts, nor a guest and an account, may have names a reader could mistake for
// each other. That is Unicode's confusable test (UTS #39), done by ICU's spoof checker: two names clash when their
// keys are equal, the key being the skeleton of the case-folded name without its separators ("Ann", "ANN",
// "Аnn" with a Cyrillic A, "A.nn" and "Ann " share one key).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace golf::server::player_names {

inline constexpr int min_registered_chars = 3;
inline constexpr int max_registered_chars = 24;

inline constexpr std::size_t max_guest_chars = 24;

// The refusal of a name that mixes scripts, in the words docs/protocol.md uses (UTS #39's Moderately Restrictive
// level: Japanese may also mix Han, Hiragana and Katakana with Latin).
inline constexpr std::string_view mixed_scripts_problem =
    "a registered name uses letters of one script, or Latin letters with those of one other script that is not "
    "Cyrillic, Greek or Cherokee";

// Why `name` cannot be anyone's at a table (1 to 24 printable characters, not all spaces), or empty.
std::string guest_problem(std::string_view name);

// Why `name` cannot be registered (a sentence), or empty.
std::string registration_problem(std::string_view name);

// The key two names clash on (UTF-8). Empty for text that is not valid UTF-8.
std::string key(std::string_view name);

}  // namespace golf::server::player_names
