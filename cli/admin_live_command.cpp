// golf admin tables, end-table and announce: what a moderator does to a running server's tables from a terminal,
// over the protocol as the web page's "Tables now" does. Signed in with GOLF_API_KEY, an API key of an account
// with a moderator's role or above (made on the web page's "Your account"); the server checks the role.
#include "cli/admin_live.hpp"

#include <cstdlib>
#include <iostream>

#include "cli/commands.hpp"
#include "clients/cpp/golf_client.hpp"

namespace golf::cli {

namespace {

const std::chrono::seconds live_timeout{10};

std::string live_state(v1::TableState state) {
    switch (state) {
        case v1::TABLE_STATE_WAITING: return "waiting";
        case v1::TABLE_STATE_PLAYING: return "playing";
        case v1::TABLE_STATE_BETWEEN_HOLES: return "between holes";
        case v1::TABLE_STATE_FINISHED: return "finished";
        default: return "open";
    }
}

// "1. Ann (host, guest) · 2. Cat (away, a bot plays) · 3. bot 2 (medium)", as the web page says it.
std::string live_seats(const v1::LiveTable& t) {
    std::string out;
    for (const v1::LiveSeat& s : t.seats()) {
        if (!out.empty()) out += " · ";
        out += std::to_string(s.seat() + 1) + ". ";
        if (s.name().empty()) {
            out += "free";
            continue;
        }
        out += printable(s.name());
        if (!s.person()) continue;  // a server bot, named as one
        std::vector<std::string> marks;
        if (s.host()) marks.emplace_back("host");
        if (!s.registered()) marks.emplace_back("guest");
        if (s.bot()) marks.emplace_back("away, a bot plays");
        else if (!s.connected()) marks.emplace_back("away");
        for (std::size_t i = 0; i < marks.size(); ++i) out += (i == 0 ? " (" : ", ") + marks[i];
        if (!marks.empty()) out += ")";
    }
    return out;
}

int print_tables(const v1::LiveTables& live) {
    std::cout << (live.node().empty() ? "" : "node " + printable(live.node()) + ": ") << live.tables_size()
              << (live.tables_size() == 1 ? " table, " : " tables, ") << live.connections() << " connections open";
    for (int i = 0; i < live.other_nodes_size(); ++i)
        std::cout << (i == 0 ? " (other nodes: " : ", ") << printable(live.other_nodes(i));
    std::cout << (live.other_nodes_size() > 0 ? ")\n" : "\n");
    std::cout << "signed in (" << live.signed_in_size() << "):";
    for (const v1::OnlinePerson& p : live.signed_in())
        std::cout << ' ' << printable(p.name()) << (p.api_key() ? " (API key)" : "")
                  << (p.table_code().empty() ? "" : " at " + printable(p.table_code())) << ';';
    std::cout << '\n';
    for (const v1::LiveTable& t : live.tables()) {
        std::cout << printable(t.code()) << "  " << printable(t.preset()) << "  "
                  << (t.is_public() ? "public" : "private") << "  " << live_state(t.state());
        if (t.hole() > 0)
            std::cout << ", hole " << t.hole() << (t.holes() > 0 ? " of " + std::to_string(t.holes()) : "");
        std::cout << "  " << t.watchers() << " watching\n    " << live_seats(t) << '\n';
    }
    return exit_ok;
}

v1::ServerMessage ask(client::connection& link, v1::ClientMessage message) {
    const auto reply = link.request(std::move(message), live_timeout);
    if (reply.has_error()) {
        std::string text = std::string(client::error_code_name(reply.error().code())) + ": " + reply.error().message();
        if (!reply.error().node().empty())
            text += " (run it again with --server ending in ?node=" + reply.error().node() + ")";
        throw run_failure{"the server refused it, nothing changed: " + text};
    }
    return reply;
}

}  // namespace

int run_admin_live(const std::string& action, const std::vector<std::string>& arguments, const std::string& server,
                   const std::string& reason) {
    const auto expect = [&](std::size_t count, std::string_view shape) {
        if (arguments.size() != count)
            throw usage_error("usage: golf admin " + action + " " + std::string(shape) + " --server URL");
    };
    v1::ClientMessage m;
    if (action == "tables") {
        expect(0, "");
        m.mutable_list_live_tables();
    } else if (action == "end-table") {
        expect(1, "CODE --reason TEXT");
        if (reason.empty()) throw usage_error("missing --reason TEXT: everyone at the table reads it");
        m.mutable_end_table()->set_code(arguments[0]);
        m.mutable_end_table()->set_reason(reason);
    } else {
        expect(1, "TEXT");
        m.mutable_announce()->set_text(arguments[0]);
    }
    const char* key = std::getenv("GOLF_API_KEY");
    if (!key || !*key)
        throw usage_error(
            "set GOLF_API_KEY to an API key of an account with a moderator's role (Your account, on the "
            "web page)");
    try {
        client::connection link;
        link.connect(server, "golf-admin", live_timeout);
        link.sign_in_with_api_key(key, live_timeout);
        const auto reply = ask(link, m);
        if (reply.has_live_tables()) return print_tables(reply.live_tables());
        std::cout << (action == "announce" ? "announced to every table\n" : "table " + arguments[0] + " ended\n");
        return exit_ok;
    } catch (const client::error& e) {
        throw run_failure{std::string("nothing changed: ") + e.what()};
    }
}

}  // namespace golf::cli
