// The English of a scoring line: what `notes` holds beside each score_note (the engine's seats, from 0).
#include <string>
#include <string_view>

#include "engine/scoring.hpp"

namespace golf {

namespace {

std::string signed_points(int n) { return (n >= 0 ? "+" : "") + std::to_string(n); }

std::string seat(int s) { return "seat " + std::to_string(s); }

std::string bonus(std::string_view what, const score_note& note) {
    std::string out(what);
    if (note.count > 1) out += " x" + std::to_string(note.count);
    return out + " " + signed_points(note.points);
}

}  // namespace

std::string note_text(const score_note& note) {
    const std::string points = ": " + signed_points(note.points);
    switch (note.kind) {
        case score_note_kind::equal_column_pairs: return bonus("two equal column pairs", note);
        case score_note_kind::square_block: return bonus("block of four equal cards", note);
        case score_note_kind::all_equal: return bonus("all cards equal", note);
        case score_note_kind::row_of_kings: return bonus("row of kings", note);
        case score_note_kind::side_by_side_pairs:
            return "equal column pairs side by side: " + signed_points(note.points) + " to every other player";
        case score_note_kind::straight: return "straight " + signed_points(note.points);
        case score_note_kind::pays_for_side_by_side:
            return seat(note.seat) + " pays for " + seat(note.other) + "'s equal column pairs side by side" + points;
        case score_note_kind::shot_the_moon:
            return seat(note.other) + " shot the moon with " + std::to_string(note.figure) + ", " + seat(note.seat) +
                   " scores " + std::to_string(note.target) + points;
        case score_note_kind::caller_lowest: return seat(note.seat) + " called and was lowest" + points;
        case score_note_kind::caller_not_lowest: return seat(note.seat) + " called and was not lowest" + points;
        case score_note_kind::caller_tied: return seat(note.seat) + " called and tied for lowest" + points;
        case score_note_kind::at_or_below_caller:
            return seat(note.seat) + " was at or below the caller's layout and scores 0" + points;
        case score_note_kind::lowest_scores_zero:
            return seat(note.seat) + " had the lowest score, recorded as 0" + points;
    }
    return signed_points(note.points);
}

}  // namespace golf
