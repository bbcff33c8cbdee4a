// A tournament's format as a command line names it (golf tournament create --format, golf load --tournament).
#pragma once

#include <string>
#include <string_view>

#include "cli/commands.hpp"
#include "golf/v1/tournaments.pb.h"

namespace golf::cli {

inline v1::TournamentFormat tournament_format_or_throw(std::string_view flag, std::string_view text) {
    if (text == "swiss") return v1::TOURNAMENT_FORMAT_SWISS;
    if (text == "duplicate") return v1::TOURNAMENT_FORMAT_DUPLICATE;
    if (text == "arena") return v1::TOURNAMENT_FORMAT_ARENA;
    throw usage_error(std::string(flag) + " is swiss, duplicate or arena (got '" + std::string(text) + "')");
}

}  // namespace golf::cli
