// The portable match record `golf export` writes and `golf replay --file` reads: plain UTF-8 text, one fact per
// line, documented in docs/match-record.md, enough to replay and check a match without the database.
#pragma once

#include <string>
#include <string_view>
#include <variant>

#include "persistence/records.hpp"

namespace golf::persistence {

std::string write_match_file(const match_detail& detail);

// The record, or a message "line N: what is wrong". Never throws; bounded work for any input.
std::variant<match_detail, std::string> read_match_file(std::string_view text);

}  // namespace golf::persistence
