// golf admin's actions on a running server's tables (admin_live_command.cpp): the tables live in the server, not
// in the database, so these go over the protocol, signed in as a moderator with an API key.
#pragma once

#include <string>
#include <vector>

namespace golf::cli {

// `action` is "tables", "end-table" or "announce"; `server` a ws:// or wss:// URL; returns the exit status.
int run_admin_live(const std::string& action, const std::vector<std::string>& arguments, const std::string& server,
                   const std::string& reason);
inline bool is_admin_live_action(const std::string& action) {
    return action == "tables" || action == "end-table" || action == "announce";
}

}  // namespace golf::cli
