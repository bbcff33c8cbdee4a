// A tournament's latest note, said once as data and once in English from it.
#include <string>

#include "server/tournaments/tournament_rules.hpp"

namespace golf::server::tournament_rules {

namespace {

std::string english(const v1::Tournament& t, const v1::TournamentNote& n) {
    const std::string count = std::to_string(n.count()), number = std::to_string(n.number());
    switch (n.kind()) {
        case v1::TOURNAMENT_NOTE_KIND_CREATED: return "created by " + n.name();
        case v1::TOURNAMENT_NOTE_KIND_SIGNED_UP: return n.name() + " signed up";
        case v1::TOURNAMENT_NOTE_KIND_WITHDREW: return n.name() + " withdrew";
        case v1::TOURNAMENT_NOTE_KIND_STARTED: return "started by " + n.name();
        case v1::TOURNAMENT_NOTE_KIND_STARTED_ON_TIME: return "started at its start time";
        case v1::TOURNAMENT_NOTE_KIND_WAITING_FOR_PLAYERS:
            return "the start time has come: a tournament starts with " + count + " players or more; " + number +
                   " signed up";
        case v1::TOURNAMENT_NOTE_KIND_PAUSED:
            return arena(t.settings()) ? "paused: the tables in play finish, nobody is seated again meanwhile"
                                       : "paused: the round in play finishes, the next waits";
        case v1::TOURNAMENT_NOTE_KIND_RESUMED: return "resumed";
        case v1::TOURNAMENT_NOTE_KIND_CANCELLED: return "cancelled by " + n.name();
        case v1::TOURNAMENT_NOTE_KIND_SEATED:
            return "round " + number + " seated at " + count + (n.count() == 1 ? " table" : " tables");
        case v1::TOURNAMENT_NOTE_KIND_FINISHED: return n.name().empty() ? std::string("finished") : n.name() + " won";
        default: return {};
    }
}

}  // namespace

void set_note(v1::Tournament& t, v1::TournamentNoteKind kind, const std::string& name, std::uint32_t number,
              std::uint32_t count) {
    v1::TournamentNote& n = *t.mutable_note_of();
    n.set_kind(kind);
    n.set_name(name);
    n.set_number(number);
    n.set_count(count);
    t.set_note(english(t, n));
}

}  // namespace golf::server::tournament_rules
