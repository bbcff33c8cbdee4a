// Claims (rulesets with claims): the race for the top discard, its window, and the server bots' claims.
#include "server/tables/table.hpp"

#include <algorithm>

namespace golf::server {

// A claim is a race for the top discard, decided by arrival here: it is not tied to a hand_version (the hand
// moves on while players race), it counts only inside the window, and the first one, right or wrong, wins.
void table::claim(const std::shared_ptr<client_link>& link, int s, action a, std::uint32_t rid,
                  clock::time_point received) {
    // The outcome stands until the next discard opens a window: until then every claim has lost the race (a right
    // claim has already put another card on the pile, so the discard itself is no longer a way to tell).
    if (claim_outcome_ && match_->hole_in_play()) {
        claim_outcome_->set_refused(claim_outcome_->refused() + 1);
        return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION,
                           "another claim was first: " + seats_[static_cast<std::size_t>(claim_outcome_->seat())].name);
    }
    if (!claim_timer_.pending())
        return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION, "no discard may be claimed now");
    std::string note;
    if (const action_error error = apply_claim(s, a, note); error != action_error::none)
        return reply_error(link, rid, v1::ERROR_CODE_ILLEGAL_ACTION, claim_refusal(error));
    accepted(link, rid, std::move(note), received);
}

// A claim inside its window that the engine refused: the race was lost to a move, not to another claim.
std::string table::claim_refusal(action_error error) const {
    const hand& h = *match_->current_hand();
    const std::string& mover = seats_[static_cast<std::size_t>(h.current_seat())].name;
    switch (error) {
        case action_error::wrong_phase:
            if (h.current_phase() == phase::power) return "claims wait while " + mover + " uses a power";
            if (h.current_phase() == phase::matching) return "claims wait while " + mover + " is matching cards";
            return "the discard cannot be claimed before the start is over";
        case action_error::not_allowed: return "too late: the discard can no longer be claimed";
        case action_error::hand_over: return "too late: the hole is over";
        default: return std::string(to_string(error));
    }
}

// The one place a claim is applied (a person's or a server bot's): the first to arrive records the race's outcome.
action_error table::apply_claim(int s, action a, std::string& note) {
    if (const action_error error = apply_move(s, a, v1::EVENT_KIND_CLAIM_FIRST); error != action_error::none)
        return error;
    const bool correct = std::none_of(events_scratch_.begin(), events_scratch_.end(),
                                      [](const event& e) { return e.kind == event_kind::match_failed; });
    claim_outcome_.emplace();
    claim_outcome_->set_seat(s);
    claim_outcome_->set_correct(correct);
    note = move_note(s, a, " claimed first: ") + (correct ? " (right)" : " (wrong: a penalty)");
    return action_error::none;
}

// Which discard a claim window belongs to (strand only, a hole in play).
std::tuple<int, int, std::size_t> table::current_claim_key() const {
    return {match_number_, static_cast<int>(match_->holes().size()), match_->current_hand()->discards().size()};
}

void table::update_claim_window() {
    const auto stop = [this] {
        if (claim_timer_.pending()) claim_timer_.cancel();
    };
    if (closed_ || !match_ || !match_->hole_in_play() || rules_->claims == claim_rule::none) return stop();
    if (!match_->current_hand()->claim_open()) return stop();
    const auto key = current_claim_key();
    if (key == claim_key_) return;  // the same discard: its window runs on, or has already closed
    claim_key_ = key;
    claim_outcome_.reset();
    claim_timer_.arm(settings_.claim_window, shared_from_this(), [this] { on_claim_window(); });
}

void table::on_claim_window() {
    if (closed_) return;
    changed("the claim window closed");
}

// A claim server bot (or stand-in) `s` is sure of, and that the engine lists for it now.
std::optional<action> table::bot_claim_for(int s) const {
    if (!bot_controlled(s) || seats_[static_cast<std::size_t>(s)].forfeited) return std::nullopt;
    const hand_view view = match_->current_hand()->view_for(s, recall::perfect);
    const auto chosen = sure_claim(*rules_, view);
    if (!chosen || std::find(view.legal.begin(), view.legal.end(), *chosen) == view.legal.end()) return std::nullopt;
    return chosen;
}

// Server bots (and stand-ins) claim a discard when they are sure of a card that matches it.
bool table::bot_claims() {
    if (!claim_timer_.pending() || !match_ || !match_->hole_in_play() || !plays_here()) return false;
    for (int s = 0; s < seat_count(); ++s) {
        const auto chosen = bot_claim_for(s);
        std::string note;
        if (!chosen || apply_claim(s, *chosen, note) != action_error::none) continue;
        after_move(note);
        changed(note);
        return true;
    }
    return false;
}

}  // namespace golf::server
