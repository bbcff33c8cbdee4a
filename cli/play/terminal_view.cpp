#include "cli/play/terminal_view.hpp"

#include <algorithm>
#include <iomanip>
#include <sstream>

#include "cli/play/event_text.hpp"
#include "cli/play/messages.hpp"
#include "cli/play/move_keys.hpp"
#include "cli/play/play_words.hpp"
#include "cli/play/screen_panes.hpp"
#include "cli/play/table_lines.hpp"
#include "proto/bot_levels.hpp"

namespace golf::cli {

namespace {

// A server bot's level: "random bot", "hard bot", "search 5000 bot".
std::string bot_tag(const v1::SeatInfo& info) {
    const wire::bot_choice choice{info.bot(), info.search_budget()};
    const bool search = info.bot() == v1::BOT_LEVEL_SEARCH;
    return tr("terminal.tagLevelBot", {{"level", search ? std::string("search") : wire::bot_name(choice)},
                                       {"budget", std::to_string(info.search_budget())}});
}

// "0:12": minutes and seconds.
std::string minutes_seconds(long long seconds) {
    std::ostringstream out;
    out << seconds / 60 << ':' << std::setw(2) << std::setfill('0') << seconds % 60;
    return out.str();
}

// "+10", "-5": a score's change.
std::string score_change_text(int n) { return (n >= 0 ? "+" : "") + std::to_string(n); }

// A line of the scoring in the player's words (the web page's catalogue area "scoring"); a kind this client does
// not know (a newer server) is said in the server's English.
std::string score_note_text(const v1::ScoreNote& note, const std::string& english, const v1::TableUpdate& update) {
    std::string_view key;
    switch (note.kind()) {
        case v1::SCORE_NOTE_KIND_EQUAL_COLUMN_PAIRS: key = "scoring.equalColumnPairs"; break;
        case v1::SCORE_NOTE_KIND_SQUARE_BLOCK: key = "scoring.squareBlock"; break;
        case v1::SCORE_NOTE_KIND_ALL_EQUAL: key = "scoring.allEqual"; break;
        case v1::SCORE_NOTE_KIND_ROW_OF_KINGS: key = "scoring.rowOfKings"; break;
        case v1::SCORE_NOTE_KIND_SIDE_BY_SIDE_PAIRS: key = "scoring.sideBySidePairs"; break;
        case v1::SCORE_NOTE_KIND_STRAIGHT: key = "scoring.straight"; break;
        case v1::SCORE_NOTE_KIND_PAYS_FOR_SIDE_BY_SIDE: key = "scoring.paysForSideBySide"; break;
        case v1::SCORE_NOTE_KIND_SHOT_THE_MOON: key = "scoring.shotTheMoon"; break;
        case v1::SCORE_NOTE_KIND_CALLER_LOWEST: key = "scoring.callerLowest"; break;
        case v1::SCORE_NOTE_KIND_CALLER_NOT_LOWEST: key = "scoring.callerNotLowest"; break;
        case v1::SCORE_NOTE_KIND_CALLER_TIED: key = "scoring.callerTied"; break;
        case v1::SCORE_NOTE_KIND_AT_OR_BELOW_CALLER: key = "scoring.atOrBelowCaller"; break;
        case v1::SCORE_NOTE_KIND_LOWEST_SCORES_ZERO: key = "scoring.lowestScoresZero"; break;
        default: return english;
    }
    const std::string seat = note.seat() >= 0 ? seat_label(update, note.seat()) : std::string();
    const std::string other = note.other_seat() >= 0 ? seat_label(update, note.other_seat()) : std::string();
    const std::string points = score_change_text(note.points());
    return tr(key, {{"points", points},
                    {"count", std::int64_t{note.count()}},
                    {"seat", seat},
                    {"other", other},
                    {"figure", std::int64_t{note.figure()}},
                    {"target", std::int64_t{note.target()}}});
}

// Each scoring line in the player's words; an older server sends only the English `notes`.
std::vector<std::string> score_note_lines(const google::protobuf::RepeatedPtrField<v1::ScoreNote>& why,
                                          const google::protobuf::RepeatedPtrField<std::string>& notes,
                                          const v1::TableUpdate& update) {
    if (why.empty()) return {notes.begin(), notes.end()};
    std::vector<std::string> out;
    for (int i = 0; i < why.size(); ++i)
        out.push_back(score_note_text(why[i], i < notes.size() ? notes[i] : "", update));
    return out;
}

// " (columns 4 0 3, bonus -5)": how a layout scored.
std::string layout_score_text(const v1::TableUpdate& update, const v1::HandScore& result, int s) {
    const v1::LayoutScore& layout = result.layouts(s);
    std::string columns;
    for (const int c : layout.column_points()) columns += (columns.empty() ? "" : " ") + std::to_string(c);
    std::vector<std::string> parts{tr("terminal.scoreColumns", {{"points", columns}})};
    if (layout.bonus() != 0) parts.push_back(tr("terminal.scoreBonus", {{"points", std::to_string(layout.bonus())}}));
    if (s < result.adjustments_size() && result.adjustments(s) != 0)
        parts.push_back(tr("terminal.scoreAdjusted", {{"points", std::to_string(result.adjustments(s))}}));
    if (s < result.extra_size() && result.extra(s) != 0)
        parts.push_back(tr("terminal.scoreExtra", {{"points", std::to_string(result.extra(s))}}));
    std::string out = " (" + listed(parts) + ")";
    for (const std::string& note : score_note_lines(layout.why(), layout.notes(), update)) out += "; " + note;
    return out;
}

// What the power in use has shown, from the reader's side: "looked at their top-left card".
std::string power_seen(const v1::TableUpdate& update) {
    const v1::HandView& hand = update.hand();
    const v1::PowerInUse& power = hand.power();
    const int user = hand.current_seat();
    const auto whose = [&](int seat) {
        return seat == hand.viewer() ? owner::yours()
               : seat == user        ? owner::theirs()
                                     : owner::of(seat_label(update, seat));
    };
    std::vector<std::string> seen;
    if (power.own_position() >= 0)
        seen.push_back(
            card_at_text(whose(user), static_cast<std::uint32_t>(power.own_position()), shape_of(hand, user)));
    if (power.seat() >= 0 && power.position() >= 0)
        seen.push_back(card_at_text(whose(power.seat()), static_cast<std::uint32_t>(power.position()),
                                    shape_of(hand, power.seat())));
    if (seen.empty()) return {};
    if (seen.size() == 1) return tr("terminal.powerLookedAt", {{"card", seen[0]}});
    return tr("terminal.powerLookedAtBoth", {{"first", seen[0]}, {"second", seen[1]}});
}

// "2.4": milliseconds as seconds and tenths.
std::string seconds_tenths(long long ms) { return std::to_string(ms / 1000) + '.' + std::to_string((ms % 1000) / 100); }

}  // namespace

std::string state_name(v1::TableState state) {
    switch (state) {
        case v1::TABLE_STATE_WAITING: return tr("terminal.stateWaiting");
        case v1::TABLE_STATE_PLAYING: return tr("terminal.statePlaying");
        case v1::TABLE_STATE_BETWEEN_HOLES: return tr("terminal.stateBetweenHoles");
        case v1::TABLE_STATE_FINISHED: return tr("terminal.stateFinished");
        default: return tr("terminal.stateUnknown");
    }
}

std::string listed_name(const v1::TableUpdate& update, int s) {
    return update.seats(s).name().empty() ? std::string() : " " + seat_label(update, s);
}

std::string seat_tags(const table_picture& picture, const v1::TableUpdate& update, int s) {
    const v1::SeatInfo& info = update.seats(s);
    std::vector<std::string> tags;
    if (s == picture.seat) tags.push_back(tr("terminal.you"));
    if (static_cast<int>(update.host_seat()) == s) tags.push_back(tr("terminal.tagHost"));
    if (info.occupied() && info.bot() == v1::BOT_LEVEL_UNSPECIFIED && !info.registered())
        tags.push_back(tr("terminal.tagGuest"));
    if (!info.occupied()) tags.push_back(tr("terminal.tagFree"));
    else if (info.bot() == v1::BOT_LEVEL_HEURISTIC || !v1::BotLevel_IsValid(info.bot()))
        tags.push_back(tr("terminal.tagBot"));
    else if (info.bot() != v1::BOT_LEVEL_UNSPECIFIED) tags.push_back(bot_tag(info));
    else if (info.open()) tags.push_back(tr("terminal.tagOpen"));
    else if (info.forfeited()) tags.push_back(tr("terminal.tagForfeited"));
    else if (info.bot_standing_in()) tags.push_back(tr("terminal.tagAwayBot"));
    else if (!info.connected()) tags.push_back(tr("terminal.tagAway"));
    return tags.empty() ? std::string() : " (" + listed(tags) + ")";
}

bool hand_in_play(const v1::TableUpdate& update) {
    return update.has_hand() && update.hand().phase() != v1::PHASE_OVER && update.state() == v1::TABLE_STATE_PLAYING;
}

std::string final_round_text(const v1::TableUpdate& update) {
    const v1::HandView& hand = update.hand();
    const std::int64_t left = hand.final_turns_left();
    if (hand.caller() < 0) return tr("terminal.finalRoundStarted", {{"count", left}});
    return tr("terminal.finalRoundWentOut", {{"name", seat_label(update, hand.caller())}, {"count", left}});
}

std::string clock_text(const table_picture& picture) {
    const v1::TableUpdate& update = *picture.update;
    if (!update.has_clock() || !hand_in_play(update)) return {};
    const auto passed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - picture.update_at);
    const long long left_ms =
        std::max<long long>(0, static_cast<long long>(update.clock().remaining_ms()) - passed.count());
    const std::string time = minutes_seconds((left_ms + 999) / 1000);
    if (update.clock().seat() < 0) return tr("terminal.clockEveryone", {{"time", time}});
    return tr("terminal.clockSeat", {{"name", seat_label(update, update.clock().seat())}, {"time", time}});
}

std::string result_text(const v1::TableUpdate& update) {
    const v1::HandView& hand = update.hand();
    if (hand.phase() != v1::PHASE_OVER || !hand.has_result()) return {};
    const v1::HandScore& result = hand.result();
    std::string out = tr("terminal.holeScored", {{"hole", std::to_string(hand.hole())}});
    for (int s = 0; s < result.scores_size(); ++s) {
        out += "\n  " + seat_label(update, s) + ' ' + std::to_string(result.scores(s));
        if (s < result.layouts_size()) out += layout_score_text(update, result, s);
    }
    for (const std::string& note : score_note_lines(result.why(), result.notes(), update)) out += "\n  " + note;
    return out;
}

std::string power_line(const v1::TableUpdate& update, bool utf8) {
    const v1::HandView& hand = update.hand();
    if (!hand_in_play(update) || hand.phase() != v1::PHASE_POWER || !hand.has_power()) return {};
    const v1::PowerInUse& power = hand.power();
    const int user = hand.current_seat();
    const bool mine = user == hand.viewer();
    const std::string what = power_words(power.kind(), mine);
    std::vector<std::string> clauses{
        mine ? tr("terminal.powerYours", {{"power", what}})
             : tr("terminal.powerTheirs", {{"name", seat_label(update, user)}, {"power", what}})};
    if (std::string seen = power_seen(update); !seen.empty()) clauses.push_back(std::move(seen));
    if (power.kind() == v1::POWER_KIND_TWO_POWERS)
        clauses.push_back(power.picks_left() >= 2 ? tr("terminal.powerChooseFirst")
                                                  : tr("terminal.powerSecondMayFollow",
                                                       {{"power", power_words(power.first_pick(), mine)}}));
    if (hand.offered_size() > 0) {
        std::string cards;
        for (const v1::Card& c : hand.offered()) cards += (cards.empty() ? "" : " ") + card_text(c, utf8);
        clauses.push_back(tr("terminal.powerYouDrew", {{"cards", cards}}));
    }
    std::string out;
    for (const std::string& clause : clauses) out += (out.empty() ? "" : tr("terminal.clauseSeparator")) + clause;
    return out;
}

std::string claim_window_line(const table_picture& picture) {
    const v1::TableUpdate& update = *picture.update;
    if (!update.has_claim_window() || !hand_in_play(update)) return {};
    const auto passed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - picture.update_at);
    const long long left_ms =
        std::max<long long>(0, static_cast<long long>(update.claim_window().remaining_ms()) - passed.count());
    if (left_ms == 0) return tr("terminal.claimsClosed");
    return tr("terminal.claimsOpen",
              {{"left", seconds_tenths(left_ms)}, {"window", seconds_tenths(update.claim_window().window_ms())}});
}

std::string claim_outcome_line(const v1::TableUpdate& update) {
    if (!update.has_claim() || !update.has_hand()) return {};
    const v1::ClaimOutcome& claim = update.claim();
    const bool mine = claim.seat() == update.hand().viewer();
    std::string out = tr(claim.correct() ? "terminal.claimRight" : "terminal.claimWrong",
                         {{"actor", mine ? "you" : "other"}, {"name", seat_label(update, claim.seat())}});
    if (claim.refused() > 0)
        out += " " + tr("terminal.claimRefused", {{"count", static_cast<std::int64_t>(claim.refused())}});
    return out;
}

bool is_host(const table_picture& picture) {
    return picture.update && picture.seat >= 0 && static_cast<int>(picture.update->host_seat()) == picture.seat;
}

bool all_seats_filled(const v1::TableUpdate& update) {
    for (const v1::SeatInfo& seat : update.seats())
        if (!seat.occupied()) return false;
    return update.seats_size() > 0;
}

std::vector<move_choice> picture_moves(const table_picture& picture) {
    if (!picture.update) return {};
    return move_choices(*picture.update, picture.rules ? &*picture.rules : nullptr, picture.utf8);
}

std::string next_hole_line(const table_picture& picture) {
    if (!picture.update || !picture.update->has_next_hole()) return {};
    const v1::TableUpdate& update = *picture.update;
    const v1::NextHoleWait& wait = update.next_hole();
    const auto passed =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - picture.update_at);
    const long long seconds =
        (std::max<long long>(0, static_cast<long long>(wait.remaining_ms()) - passed.count()) + 999) / 1000;
    const std::string time = minutes_seconds(seconds);
    std::vector<std::string> names;
    for (const std::uint32_t s : wait.waiting())
        names.push_back(static_cast<int>(s) == picture.seat ? tr("terminal.you")
                                                            : seat_label(update, static_cast<int>(s)));
    std::string out = names.empty() ? tr("terminal.nextHole", {{"time", time}})
                                    : tr("terminal.nextHoleReading", {{"time", time}, {"names", listed(names)}});
    const auto& ready = wait.ready();
    const bool sent = std::find(ready.begin(), ready.end(), static_cast<std::uint32_t>(picture.seat)) != ready.end();
    if (picture.seat >= 0) out += " " + tr(sent ? "terminal.youAreReady" : "terminal.nWhenReady");
    return out;
}

std::string prompt_line(const table_picture& picture) {
    if (!picture.update) return tr("terminal.promptConnecting");
    const v1::TableUpdate& update = *picture.update;
    const auto moves = picture_moves(picture);
    if (!moves.empty()) return tr("terminal.promptMove", {{"count", std::to_string(moves.size())}});
    switch (update.state()) {
        case v1::TABLE_STATE_WAITING:
            if (!is_host(picture)) return tr("terminal.promptWaitingHost");
            if (all_seats_filled(update)) return tr("terminal.promptAllSeated");
            return tr("terminal.promptWaitingPlayers", {{"code", update.code()}});
        case v1::TABLE_STATE_FINISHED:
            return tr(is_host(picture) ? "terminal.promptMatchOverHost" : "terminal.promptMatchOver");
        case v1::TABLE_STATE_BETWEEN_HOLES:
            if (picture.seat >= 0 && update.has_next_hole()) return tr("terminal.promptNextHole");
            return tr("terminal.promptNextHoleSoon");
        default:
            if (picture.seat < 0) return tr("terminal.promptWatching");
            if (update.has_hand())
                return tr("terminal.promptWaitingFor", {{"name", seat_label(update, update.hand().current_seat())}});
            return tr("terminal.promptWaiting");
    }
}

std::string plain_card(const v1::Position& p, bool utf8) {
    if (p.empty()) return "--";
    if (!p.has_card()) return "##";
    return p.face_up() ? card_text(p.card(), utf8) : "(" + card_text(p.card(), utf8) + ")";
}

std::string plain_scorecard(const v1::TableUpdate& update, bool utf8) {
    const v1::Scorecard& card = update.scorecard();
    std::vector<std::size_t> widths;
    std::ostringstream out;
    out << tr("terminal.scorecardTitle") << '\n'
        << std::left << std::setw(6) << tr("terminal.scorecardHole") << std::right;
    for (int s = 0; s < update.seats_size(); ++s) {
        const std::string name = seat_label(update, s);
        widths.push_back(std::max<std::size_t>(name.size(), 5));
        out << "  " << std::setw(static_cast<int>(widths.back())) << name;
    }
    out << '\n';
    const auto row = [&](const std::string& label, const auto& values) {
        out << std::left << std::setw(6) << label << std::right;
        for (std::size_t s = 0; s < widths.size(); ++s) {
            out << "  " << std::setw(static_cast<int>(widths[s]));
            if (static_cast<int>(s) < values.size()) out << values[static_cast<int>(s)];
            else out << '-';
        }
        out << '\n';
    };
    for (const v1::Scorecard::Hole& hole : card.holes()) row(std::to_string(hole.number()), hole.scores());
    row(tr("terminal.scorecardTotal"), card.totals());
    if (!card.match_over() && card.holes_size() > 0 && card.holes().rbegin()->has_plays_first_next()) {
        const v1::Scorecard::Hole& last = *card.holes().rbegin();
        out << tr("terminal.playsFirstNext", {{"name", seat_label(update, last.plays_first_next())}});
        if (last.first_draw_size() > 0) {
            std::string draws;
            for (const auto& draw : last.first_draw())
                draws += (draws.empty() ? "" : " ") + seat_label(update, static_cast<int>(draw.seat())) + ' ' +
                         card_text(draw.card(), utf8);
            out << ' ' << tr("terminal.tieBroken", {{"draws", draws}});
        }
        out << '\n';
    }
    if (card.match_over()) {
        std::string names;
        for (const std::uint32_t w : card.winners())
            names += (names.empty() ? "" : " ") + seat_label(update, static_cast<int>(w));
        out << tr("terminal.winners", {{"count", static_cast<std::int64_t>(card.winners_size())}, {"names", names}})
            << '\n';
    }
    return out.str();
}

std::string plain_moves(const std::vector<move_choice>& moves) {
    std::string out = tr("terminal.movesTitle") + "\n";
    for (std::size_t i = 0; i < moves.size(); ++i)
        out += "  " + std::to_string(i + 1) + ". " + moves[i].label + "  [" + moves[i].key + "]\n";
    return out;
}

std::string plain_help(const table_picture& picture) {
    std::string out;
    const v1::HandView* hand = picture.update && picture.update->has_hand() ? &picture.update->hand() : nullptr;
    for (const std::string& line : key_help(hand)) out += line + "\n";
    return out;
}

namespace {

// "seat 2 Bob (guest) to play: 7♣ ## ## / ## (5♣) --; shield 5♠": a seat and, in a hole, its cards.
std::string plain_seat(const table_picture& picture, int s, bool show_hand) {
    const v1::TableUpdate& update = *picture.update;
    std::string out =
        tr("terminal.plainSeat", {{"number", seat_number(s)}}) + listed_name(update, s) + seat_tags(picture, update, s);
    if (!show_hand || s >= update.hand().seats_size()) return out;
    const v1::HandView& hand = update.hand();
    if (hand_in_play(update) && hand.current_seat() == s && hand.phase() != v1::PHASE_START)
        out += " " + tr("terminal.plainToPlay");
    out += ':';
    const v1::SeatLayout& layout = hand.seats(s);
    const int cols = static_cast<int>(std::max<std::uint32_t>(hand.cols(), 1));
    for (int i = 0; i < layout.positions_size(); ++i)
        out += (i > 0 && i % cols == 0 ? " / " : " ") + plain_card(layout.positions(i), picture.utf8);
    if (hand.phase() == v1::PHASE_START && layout.start_left() > 0)
        out += " (" + tr("terminal.toTurn", {{"count", static_cast<std::int64_t>(layout.start_left())}}) + ")";
    std::vector<std::string> shields;
    for (const v1::Card& shield : layout.shields()) shields.push_back(card_text(shield, picture.utf8));
    if (!shields.empty()) out += "; " + tr("terminal.plainShields", {{"cards", listed(shields)}});
    return out;
}

// "stock 30, discard 7♣ (3 cards), Bob holds a card from the stock"
std::string plain_piles(const v1::TableUpdate& update, bool utf8) {
    const v1::HandView& hand = update.hand();
    std::string out =
        tr("terminal.plainPiles",
           {{"stock", std::to_string(hand.stock_count())},
            {"card", hand.has_top_discard() ? card_text(hand.top_discard(), utf8) : tr("terminal.noDiscard")},
            {"count", static_cast<std::int64_t>(hand.discard_count())}});
    if (hand.holding())
        out += tr("terminalWords.listSeparator") +
               tr("terminal.plainHolds", {{"from", hand.held_from_discard() ? "discards" : "stock"},
                                          {"name", seat_label(update, hand.current_seat())},
                                          {"card", hand.has_held() ? card_text(hand.held(), utf8) : a_card()}});
    return out;
}

// "table ABCDEF: playing, hole 2, 3 seats, 1 watching"
std::string plain_header(const v1::TableUpdate& update) {
    const bool hole = update.has_hand() && update.state() != v1::TABLE_STATE_WAITING;
    return tr(hole ? "terminal.plainTableHole" : "terminal.plainTable",
              {{"code", update.code()},
               {"state", state_name(update.state())},
               {"hole", std::to_string(update.has_hand() ? update.hand().hole() : 0)},
               {"seats", static_cast<std::int64_t>(update.seats_size())},
               {"watching", static_cast<std::int64_t>(update.spectators())}});
}

}  // namespace

std::string plain_table(const table_picture& picture) {
    if (!picture.update) return {};
    const v1::TableUpdate& update = *picture.update;
    std::ostringstream out;
    out << plain_header(update) << '\n';
    // The server's note is English: in another language the move log and the table's lines say the same.
    if (!update.note().empty() && current_language() == "en")
        out << tr("terminal.plainNote", {{"note", update.note()}}) << '\n';
    const bool show_hand = update.has_hand() && update.state() != v1::TABLE_STATE_WAITING;
    for (int s = 0; s < update.seats_size(); ++s) out << plain_seat(picture, s, show_hand) << '\n';
    if (show_hand) {
        const v1::HandView& hand = update.hand();
        out << plain_piles(update, picture.utf8) << '\n';
        if (const std::string power = power_line(update, picture.utf8); !power.empty()) out << power << '\n';
        if (const std::string claims = claim_window_line(picture); !claims.empty()) out << claims << '\n';
        if (const std::string claim = claim_outcome_line(update); !claim.empty()) out << claim << '\n';
        if (hand.final_round() && hand_in_play(update)) out << final_round_text(update) << '\n';
        if (const std::string clock = clock_text(picture); !clock.empty()) out << clock << '\n';
        if (const std::string result = result_text(update); !result.empty()) out << result << '\n';
    }
    if (update.state() == v1::TABLE_STATE_BETWEEN_HOLES || update.state() == v1::TABLE_STATE_FINISHED) {
        if (update.state() == v1::TABLE_STATE_FINISHED) out << tr("terminal.stateFinished") << '\n';
        out << plain_scorecard(update, picture.utf8);
    }
    if (const std::string wait = next_hole_line(picture); !wait.empty()) out << wait << '\n';
    return out.str();
}

std::string plain_log(const table_picture& picture, std::span<const v1::TableEvent> fresh) {
    if (!picture.update || fresh.empty()) return {};
    std::string out;
    const log_reader reader = reader_for(*picture.update, picture.rules ? &*picture.rules : nullptr, picture.utf8);
    for (const log_line& line : log_lines(fresh, reader)) out += "log: " + line.text + "\n";  // "log: " marks it
    return out;
}

}  // namespace golf::cli
