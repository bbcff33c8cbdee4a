// What moderators do to this node's tables (ListLiveTables, EndTable, Announce), once the account service has
// found the connection's role: the list is gathered from every table's strand (who sits where, never a card), a
// table is ended on its strand, and an announcement reaches every table and the lobby's watchers. Each action is
// written to the moderation log first. An announcement travels through that log, and a ban through the
// sanctions: every node's moderation round relays what it has not seen, its own included.
#include <algorithm>
#include <boost/asio/post.hpp>
#include <ctime>
#include <mutex>

#include <spdlog/spdlog.h>

#include "server/accounts/accounts.hpp"
#include "server/frames.hpp"
#include "server/printable_text.hpp"
#include "server/registry/lobby.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

namespace {

constexpr std::size_t staff_words_max_chars = 200;  // a table's ending, an announcement

std::int64_t staff_clock() { return static_cast<std::int64_t>(std::time(nullptr)); }

}  // namespace

void registry::staff_request(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    const std::uint32_t rid = message.request_id();
    if (!accounts_) return refuse(link, message, v1::ERROR_CODE_UNAVAILABLE, "this server keeps no accounts");
    auto self = shared_from_this();
    switch (message.body_case()) {
        case v1::ClientMessage::kListLiveTables:
            return accounts_->as_staff(link, rid, [self, link, rid](const std::string&) {
                self->list_live_tables(link, rid);
                return std::optional<v1::ServerMessage>();
            });
        case v1::ClientMessage::kEndTable: {
            const v1::EndTable& request = message.end_table();
            if (!readable_words(request.reason(), staff_words_max_chars))
                return refuse(link, message, v1::ERROR_CODE_BAD_REQUEST,
                              "say why in 1 to 200 printable characters; everyone at the table reads it");
            return accounts_->as_staff(link, rid, [self, link, rid, request](const std::string& staff) {
                self->end_table(link, rid, request.code(), request.reason(), staff);
                return std::optional<v1::ServerMessage>();
            });
        }
        case v1::ClientMessage::kAnnounce: {
            const std::string text = message.announce().text();
            if (!readable_words(text, staff_words_max_chars))
                return refuse(link, message, v1::ERROR_CODE_BAD_REQUEST,
                              "an announcement is 1 to 200 printable characters");
            return accounts_->as_staff(link, rid, [self, text](const std::string& staff) {
                const std::int64_t now = staff_clock();
                self->accounts_->log_staff_action({0, now, staff, "announce", "every table", text});
                spdlog::info("{} announced: {}", staff, text);  // every node's round relays it, this one's too
                return std::optional<v1::ServerMessage>(ok_message());
            });
        }
        default: return refuse(link, message, v1::ERROR_CODE_BAD_REQUEST, "that is not a staff request");
    }
}

void registry::list_live_tables(const std::shared_ptr<client_link>& link, std::uint32_t rid) {
    struct gathering {
        std::mutex mutex;
        v1::ServerMessage out;
        std::size_t left = 0;
    };
    auto g = std::make_shared<gathering>();
    const auto tables = all_tables();
    g->out.set_request_id(rid);
    v1::LiveTables& live = *g->out.mutable_live_tables();
    live.set_node(config_.node);
    if (router_)
        for (const std::string& n : router_->live_nodes())
            if (n != config_.node) live.add_other_nodes(n);
    live.set_connections(static_cast<std::uint32_t>(std::max<std::int64_t>(metrics_.connections_open.load(), 0)));
    for (v1::OnlinePerson& one : accounts_->online_now()) *live.add_signed_in() = std::move(one);
    g->left = tables.size();
    if (tables.empty()) return link->send(encode(g->out));
    for (const auto& t : tables) {
        boost::asio::post(t->strand(), [t, g, link] {
            v1::LiveTable one;
            if (!t->closed()) t->describe_for_staff(one);
            std::lock_guard lock(g->mutex);
            if (!one.code().empty()) *g->out.mutable_live_tables()->add_tables() = std::move(one);
            if (--g->left > 0) return;
            auto& listed = *g->out.mutable_live_tables()->mutable_tables();
            std::sort(listed.begin(), listed.end(), [](const auto& a, const auto& b) { return a.code() < b.code(); });
            link->send(encode(g->out));
        });
    }
}

void registry::end_table(const std::shared_ptr<client_link>& link, std::uint32_t rid, const std::string& code,
                         const std::string& reason, const std::string& staff) {
    locate_table(code, [self = shared_from_this(), link, rid, reason, staff](table_router::location l) {
        using kind = table_router::location::kind;
        switch (l.where) {
            case kind::here: break;
            case kind::elsewhere: {
                v1::ServerMessage out =
                    error_message(v1::ERROR_CODE_TABLE_ELSEWHERE, "table " + l.code + " is played on node " + l.node +
                                                                      "; ask there (?node=" + l.node + ")");
                out.mutable_error()->set_node(l.node);
                out.set_request_id(rid);
                return link->send(encode(out));
            }
            case kind::unavailable:
                return link->send(error_frame(rid, v1::ERROR_CODE_UNAVAILABLE,
                                              "the table's node cannot be found now; try again in a moment"));
            case kind::not_found:
                return link->send(error_frame(rid, v1::ERROR_CODE_NO_SUCH_TABLE, "there is no table with that code"));
        }
        const auto t = self->find(l.code);
        if (!t) return link->send(error_frame(rid, v1::ERROR_CODE_NO_SUCH_TABLE, "there is no table with that code"));
        try {
            self->accounts_->log_staff_action({0, staff_clock(), staff, "end_table", l.code, reason});
        } catch (const std::exception& e) {
            spdlog::error("ending table {}: the moderation log failed: {}", l.code, e.what());
            return link->send(
                error_frame(rid, v1::ERROR_CODE_UNAVAILABLE, "the database cannot answer now; try again"));
        }
        boost::asio::post(t->strand(), [t, link, rid, reason, staff] {
            if (!t->end_by_staff(reason))
                return link->send(error_frame(rid, v1::ERROR_CODE_NO_SUCH_TABLE, "that table has just closed"));
            spdlog::info("table {} ended by {}: {}", t->code(), staff, reason);
            v1::ServerMessage ok = ok_message();
            ok.set_request_id(rid);
            link->send(encode(ok));
        });
    });
}

void registry::announce(const v1::Announcement& said) {
    v1::ServerMessage out;
    *out.mutable_announcement() = said;
    const auto frame = encode(out);
    const auto tables = all_tables();
    for (const auto& t : tables) boost::asio::post(t->strand(), [t, frame] { t->tell_everyone(frame); });
    lobby_->tell_watchers(frame);
}

void registry::relay_moderation() {
    if (!accounts_) return;
    if (!relayed_up_to_) {  // a node hears of what is done from when it starts
        relayed_up_to_ = moderation_seen{accounts_->newest_log_line(), accounts_->newest_sanction()};
        return;
    }
    for (const persistence::moderation_entry& e : accounts_->announcements_after(relayed_up_to_->log_line)) {
        v1::Announcement said;
        said.set_text(e.detail);
        said.set_by(e.actor);
        said.set_unix_s(e.at);
        announce(said);
        relayed_up_to_->log_line = e.id;
    }
    for (const persistence::sanction_record& s : accounts_->sanctions_after(relayed_up_to_->sanction)) {
        take_banned_seats(s);
        relayed_up_to_->sanction = s.id;
    }
}

// Each table judges which of its seats the sanction forbids (table::remove_banned).
void registry::take_banned_seats(const persistence::sanction_record& ban) {
    const std::int64_t now = staff_clock();
    for (const auto& t : all_tables()) boost::asio::post(t->strand(), [t, ban, now] { t->remove_banned(ban, now); });
}

}  // namespace golf::server
