// Keeping order at a table: the host removes a person (KickSeat) or passes the host's role on (PassHost); at
// public and quick-play tables, where the host is a stranger too, the people seated vote instead (VoteKick).
#include <spdlog/spdlog.h>

#include <algorithm>

#include "server/frames.hpp"
#include "server/printable_text.hpp"
#include "server/registry/registry.hpp"
#include "server/tables/table.hpp"

namespace golf::server {

namespace {

constexpr std::size_t reason_max_chars = 200;

}  // namespace

bool table::strangers() const { return settings_.is_public || settings_.quick_play; }

void table::note_leavers() const {
    if (!strangers()) return;  // friends at a private table settle it among themselves
    const auto reg = owner_.lock();
    if (!reg) return;
    for (std::size_t s = 0; s < seats_.size(); ++s) {
        const seat& st = seats_[s];
        // An open seat was given away or its person removed: not a leave of theirs.
        if (st.kind != seat_kind::person || st.connected || st.open || !bot_controlled(static_cast<int>(s))) continue;
        spdlog::info("table {} seat {}: {} left the match early", code_, s, st.name);
        reg->note_leaver(st.account, st.account == 0 ? st.address : std::string());
    }
}

bool table::barred(const client_link& link) const {
    const std::int64_t account = link.identity().account;
    return std::any_of(barred_.begin(), barred_.end(), [&](const barred_person& b) {
        return account != 0 ? b.account == account : b.account == 0 && b.address == link.remote_address();
    });
}

void table::bar(std::int64_t account, const std::string& address) {
    const std::string kept = account == 0 ? address : std::string();
    barred_.push_back({account, kept});
    if (match_) recorder_.record_bar(account, kept);
}

std::optional<std::string> table::removal_refusal(const client_link* by, std::uint32_t seat_number) const {
    if (seat_number >= seats_.size()) return "there is no " + seat_words(seat_number);
    const int s = static_cast<int>(seat_number);
    const seat& st = seats_[seat_number];
    if (s == seat_of(by)) return "you cannot remove yourself; leave the table instead";
    if (st.kind == seat_kind::bot) return seat_words(s) + " is a bot";
    if (st.kind != seat_kind::person || st.open) return "nobody sits at " + seat_words(s);
    return std::nullopt;
}

void table::kick_seat(const std::shared_ptr<client_link>& link, const v1::KickSeat& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host removes people");
    if (strangers())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                           "at a public or quick-play table people are removed by a vote of the players");
    const auto length = printable_length(request.reason());
    if (!length || *length > reason_max_chars)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                           "a reason is printable text of at most " + std::to_string(reason_max_chars) + " characters");
    if (auto refusal = removal_refusal(link.get(), request.seat()))
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, *refusal);
    reply_ok(link, rid);
    remove_person(static_cast<int>(request.seat()), removed_by::host, request.reason());
}

void table::pass_host(const std::shared_ptr<client_link>& link, const v1::PassHost& request, std::uint32_t rid) {
    if (!is_host(link.get())) return reply_error(link, rid, v1::ERROR_CODE_NOT_HOST, "only the host passes it on");
    if (request.seat() >= seats_.size())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "there is no " + seat_words(request.seat()));
    const int s = static_cast<int>(request.seat());
    const seat& st = seats_[request.seat()];
    if (s == host_) return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, "you are the host already");
    if (st.kind != seat_kind::person || st.open || !st.connected)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                           "the host's role goes to a person at the table, and " + seat_words(s) + " has none now");
    reply_ok(link, rid);
    host_ = s;
    spdlog::info("table {} seat {}: {} is the host now (passed on)", code_, s, st.name);
    changed(st.name + " is the host now");
}

void table::vote_kick(const std::shared_ptr<client_link>& link, const v1::VoteKick& request, std::uint32_t rid) {
    const int voter = seat_of(link.get());
    if (voter < 0) return reply_error(link, rid, v1::ERROR_CODE_NOT_SEATED, "only people in seats vote");
    if (!strangers())
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                           "at a private table the host removes people; there are no votes");
    if (auto refusal = removal_refusal(link.get(), request.seat()))
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST, *refusal);
    const int needed = kick_votes_needed();
    if (needed == 0)
        return reply_error(link, rid, v1::ERROR_CODE_BAD_REQUEST,
                           "a vote needs at least two other people present in seats; you may mute their chat");
    const int s = static_cast<int>(request.seat());
    std::vector<std::string>& voters = seats_[request.seat()].kick_voters;
    const std::string& mine = seats_[static_cast<std::size_t>(voter)].token_hash;
    reply_ok(link, rid);
    if (std::find(voters.begin(), voters.end(), mine) != voters.end()) return;
    voters.push_back(mine);
    const int votes = kick_votes(s);
    const std::string& name = seats_[request.seat()].name;
    spdlog::info("table {} seat {}: a vote to remove {} ({} of {})", code_, voter, name, votes, needed);
    if (votes >= needed) return remove_person(s, removed_by::vote, "");
    // Who voted is not said: a vote is no reason for a quarrel.
    changed("a vote to remove " + name + ": " + std::to_string(votes) + " of " + std::to_string(needed));
}

int table::kick_votes_needed() const {
    if (!strangers()) return 0;
    int present = 0;
    for (const seat& st : seats_) present += st.kind == seat_kind::person && !st.open && st.connected;
    return present >= 3 ? (present - 1) / 2 + 1 : 0;
}

// The votes that still count: each from a person who still holds the seat they voted from and is present.
int table::kick_votes(int s) const {
    int votes = 0;
    for (const std::string& voter : seats_[static_cast<std::size_t>(s)].kick_voters)
        votes += std::any_of(seats_.begin(), seats_.end(), [&](const seat& st) {
            return st.kind == seat_kind::person && st.connected && st.token_hash == voter;
        });
    return votes;
}

// Before the match the seat is freed; during it a bot plays it, open to a newcomer, so the match goes on. A ban
// keeps them out while it lasts, so only the host's and a vote's removals bar them from the table.
void table::remove_person(int s, removed_by by, const std::string& reason, std::int64_t ban_ends) {
    seat& st = seats_[static_cast<std::size_t>(s)];
    const std::string name = st.name;
    if (by != removed_by::ban) bar(st.account, st.address);
    if (auto gone = st.link.lock()) {
        release(gone);
        v1::ServerMessage told;
        told.mutable_removed()->set_code(code_);
        told.mutable_removed()->set_reason(reason);
        told.mutable_removed()->set_by_vote(by == removed_by::vote);
        told.mutable_removed()->set_banned(by == removed_by::ban);
        told.mutable_removed()->set_ban_ends_unix_s(ban_ends);
        gone->send(encode(told));
    }
    if (state_ == v1::TABLE_STATE_WAITING) {
        free_seat(s);
    } else {
        st.link.reset();
        st.connected = false;
        st.grace.cancel();
        if (!bot_controlled(s)) stand_in(s);
        open_to_newcomer(s);
    }
    st.kick_voters.clear();
    if (host_ == s) pass_host_from(s);
    const char* whom = by == removed_by::vote ? "by a vote" : by == removed_by::host ? "by the host" : "by a moderator";
    spdlog::info("table {} seat {}: {} removed {}", code_, s, name, whom);
    changed(name + " was removed from the table " + whom +
            (state_ == v1::TABLE_STATE_WAITING ? "" : "; a bot plays the seat until someone joins"));
}

}  // namespace golf::server
