// Engine <-> wire conversion. The ruleset is converted generically: each option in ruleset_options() finds the
// Ruleset field of its name by reflection and travels through the engine's text form (get_option / set_option),
// so a new option needs a .proto field and nothing here, and a bad value gets the engine's own sentence.
#include "proto/convert.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>

#include "engine/ruleset_options.hpp"

namespace golf::wire {

namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::Reflection;

// ---- text helpers (the engine's text form is decimal integers and comma-separated lists)

std::optional<int> parse_int(std::string_view text) {
    int value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || error != std::errc{} || end != text.data() + text.size()) return std::nullopt;
    return value;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
    std::vector<std::string_view> items;
    if (text.empty()) return items;
    while (true) {
        const auto at = text.find(separator);
        items.push_back(text.substr(0, at));
        if (at == std::string_view::npos) break;
        text.remove_prefix(at + 1);
    }
    return items;
}

// ---- the Ruleset field behind each option

bool fits(const option_info& option, const FieldDescriptor& field) {
    if (field.is_repeated()) return false;
    // Enums carry no presence: UNSPECIFIED (0) is "not set". Every other field must be able to be left unset.
    if (option.kind == option_kind::choice) return field.cpp_type() == FieldDescriptor::CPPTYPE_ENUM;
    if (!field.has_presence()) return false;
    switch (option.kind) {
        case option_kind::boolean: return field.cpp_type() == FieldDescriptor::CPPTYPE_BOOL;
        case option_kind::integer: return field.cpp_type() == FieldDescriptor::CPPTYPE_INT32;
        case option_kind::optional_integer: return field.message_type() == v1::OptionalPoints::descriptor();
        case option_kind::choice: break;  // above
        case option_kind::integer_list: return field.message_type() == v1::PlayerCounts::descriptor();
        case option_kind::card_values: return field.message_type() == v1::CardValues::descriptor();
    }
    return false;
}

// Indexed like ruleset_options(); nullptr where the .proto lacks a field of the right shape (a test keeps the
// two in step, so that only happens while an option is being added).
const std::vector<const FieldDescriptor*>& ruleset_fields() {
    static const auto fields = [] {
        std::vector<const FieldDescriptor*> out;
        const auto* descriptor = v1::Ruleset::descriptor();
        for (const auto& option : ruleset_options()) {
            const auto* field = descriptor->FindFieldByName(std::string(option.name));
            out.push_back(field && fits(option, *field) ? field : nullptr);
        }
        return out;
    }();
    return fields;
}

std::optional<int> choice_index(const option_info& option, std::string_view text) {
    for (std::size_t i = 0; i < option.choices.size(); ++i)
        if (option.choices[i] == text) return static_cast<int>(i);
    return std::nullopt;
}

// Writes one option's engine text into its field.
void set_field(v1::Ruleset& out, const option_info& option, const FieldDescriptor& field, std::string_view text) {
    const Reflection& reflection = *out.GetReflection();
    switch (option.kind) {
        case option_kind::boolean: reflection.SetBool(&out, &field, text == "true"); break;
        case option_kind::integer: reflection.SetInt32(&out, &field, parse_int(text).value_or(0)); break;
        case option_kind::optional_integer: {
            auto& value = static_cast<v1::OptionalPoints&>(*reflection.MutableMessage(&out, &field));
            if (const auto points = parse_int(text)) value.set_points(*points);  // "off" leaves points unset
            break;
        }
        case option_kind::choice: {
            const auto index = choice_index(option, text);
            reflection.SetEnumValue(&out, &field, index ? *index + 1 : 0);
            break;
        }
        case option_kind::integer_list: {
            auto& list = static_cast<v1::PlayerCounts&>(*reflection.MutableMessage(&out, &field));
            for (const auto item : split(text, ','))
                if (const auto value = parse_int(item)) list.add_values(*value);
            break;
        }
        case option_kind::card_values: {
            auto& list = static_cast<v1::CardValues&>(*reflection.MutableMessage(&out, &field));
            for (const auto item : split(text, ',')) {
                const auto colon = item.find(':');
                if (colon == std::string_view::npos) continue;
                const auto c = parse_card(item.substr(0, colon));
                const auto points = parse_int(item.substr(colon + 1));
                if (!c || !points) continue;
                auto& entry = *list.add_values();
                fill(*entry.mutable_card(), *c);
                entry.set_points(*points);
            }
            break;
        }
    }
}

std::string join(std::span<const std::string> items) {
    std::string out;
    for (const auto& item : items) {
        if (!out.empty()) out += ',';
        out += item;
    }
    return out;
}

// A card the message holds that is not a card, spelled so that the engine refuses it and shows what came in.
std::string card_text(const v1::Card& c) {
    if (const auto parsed = from_proto(c)) return to_string(*parsed);
    return "rank " + std::to_string(c.rank()) + " suit " + std::to_string(static_cast<int>(c.suit()));
}

// The engine text for one option's field, or nullopt when the override leaves the option alone.
std::optional<std::string> field_text(const v1::Ruleset& in, const option_info& option, const FieldDescriptor& field) {
    const Reflection& reflection = *in.GetReflection();
    if (option.kind == option_kind::choice) {
        const int number = reflection.GetEnumValue(in, &field);
        if (number == 0) return std::nullopt;
        const auto index = static_cast<std::size_t>(number - 1);
        // An unknown number is passed as digits, which set_option refuses with a sentence naming the option.
        if (number < 0 || index >= option.choices.size()) return std::to_string(number);
        return std::string(option.choices[index]);
    }
    if (!reflection.HasField(in, &field)) return std::nullopt;
    switch (option.kind) {
        case option_kind::boolean: return reflection.GetBool(in, &field) ? "true" : "false";
        case option_kind::integer: return std::to_string(reflection.GetInt32(in, &field));
        case option_kind::optional_integer: {
            const auto& value = static_cast<const v1::OptionalPoints&>(reflection.GetMessage(in, &field));
            return value.has_points() ? std::to_string(value.points()) : "off";
        }
        case option_kind::integer_list: {
            const auto& list = static_cast<const v1::PlayerCounts&>(reflection.GetMessage(in, &field));
            std::vector<std::string> items;
            for (const int value : list.values()) items.push_back(std::to_string(value));
            return join(items);
        }
        case option_kind::card_values: {
            const auto& list = static_cast<const v1::CardValues&>(reflection.GetMessage(in, &field));
            std::vector<std::string> items;
            for (const auto& entry : list.values())
                items.push_back(card_text(entry.card()) + ":" + std::to_string(entry.points()));
            return join(items);
        }
        case option_kind::choice: break;  // handled above
    }
    return std::nullopt;
}

void fill_note(v1::ScoreNote& out, const score_note& note) {
    out.set_kind(static_cast<v1::ScoreNoteKind>(note.kind));
    out.set_points(note.points);
    out.set_count(static_cast<std::uint32_t>(note.count));
    out.set_seat(note.seat);
    out.set_other_seat(note.other);
    out.set_figure(note.figure);
    out.set_target(note.target);
}

score_note to_note(const v1::ScoreNote& note) {
    return {.kind = static_cast<score_note_kind>(note.kind()),
            .points = note.points(),
            .count = static_cast<int>(note.count()),
            .seat = note.seat(),
            .other = note.other_seat(),
            .figure = note.figure(),
            .target = note.target()};
}

void fill_layout(v1::LayoutScore& out, const layout_score& score) {
    out.set_points(score.points);
    for (const int points : score.column_points) out.add_column_points(points);
    for (const bool cancelled : score.cancelled) out.add_cancelled(cancelled);
    out.set_bonus(score.bonus);
    out.set_others_penalty(score.others_penalty);
    for (const auto& note : score.notes) out.add_notes(note);
    for (const auto& note : score.why) fill_note(*out.add_why(), note);
}

void fill_position(v1::Position& out, const position_view& p) {
    out.set_empty(p.empty);
    out.set_face_up(p.face_up);
    if (p.value) fill(*out.mutable_card(), *p.value);
    for (std::uint32_t seats = p.known_by; seats != 0; seats &= seats - 1)  // the set bits only, lowest first
        out.add_known_by(static_cast<std::uint32_t>(std::countr_zero(seats)));
    out.set_locked(p.locked);
}

void fill_seat(v1::SeatLayout& out, const seat_view& s) {
    for (const auto& p : s.layout) fill_position(*out.add_positions(), p);
    out.set_start_left(static_cast<std::uint32_t>(s.start_left));
    out.set_rearranging(s.rearranging);
    out.set_turns_taken(static_cast<std::uint32_t>(s.turns_taken));
    out.set_look_points(s.look_points);
    out.set_penalty_points(s.penalty_points);
    out.set_shown_points(s.shown_points);
    for (const card c : s.shields) fill(*out.add_shields(), c);
    for (std::size_t i = 0; i < s.layout.size() && i < 64; ++i)
        if (s.start_touched >> i & 1u) out.add_start_touched(static_cast<std::uint32_t>(i));
}

}  // namespace

// ---- cards

void fill(v1::Card& out, card c) {
    out.set_rank(c.rank);
    out.set_suit(c.suit_ == suit::none ? v1::SUIT_NONE : static_cast<v1::Suit>(static_cast<int>(c.suit_) + 1));
}

v1::Card to_proto(card c) {
    v1::Card out;
    fill(out, c);
    return out;
}

std::optional<card> from_proto(const v1::Card& c) {
    if (c.rank() > 13) return std::nullopt;
    const int s = static_cast<int>(c.suit());
    if (c.rank() == card::joker_rank) {
        if (s != v1::SUIT_NONE) return std::nullopt;
        return joker();
    }
    if (s < v1::SUIT_CLUBS || s > v1::SUIT_SPADES) return std::nullopt;
    return make_card(static_cast<int>(c.rank()), static_cast<suit>(s - 1));
}

// ---- rulesets

v1::Ruleset to_proto(const ruleset& rules) {
    v1::Ruleset out;
    const auto options = ruleset_options();
    const auto& fields = ruleset_fields();
    for (std::size_t i = 0; i < options.size(); ++i)
        if (fields[i]) set_field(out, options[i], *fields[i], get_option(rules, options[i]));
    return out;
}

std::optional<std::string> apply_overrides(ruleset& base, const v1::Ruleset& overrides) {
    ruleset next = base;  // all or nothing: `base` changes only once every field has applied
    const auto options = ruleset_options();
    const auto& fields = ruleset_fields();
    for (std::size_t i = 0; i < options.size(); ++i) {
        if (!fields[i]) continue;
        const auto text = field_text(overrides, options[i], *fields[i]);
        if (!text) continue;
        if (auto problem = set_option(next, options[i].name, *text)) return problem;
    }
    base = std::move(next);
    return std::nullopt;
}

// ---- actions

void fill(v1::Action& out, action a) {
    out.set_kind(static_cast<v1::ActionKind>(static_cast<int>(a.kind) + 1));
    out.set_position(a.slot);
    out.set_other(a.other);
    out.set_target_seat(a.target);
    out.set_other_seat(a.other_target);
    // A chosen power travels as its PowerKind number, which is the engine's power_kind plus one.
    if (a.kind == action_kind::choose_power) out.set_position(a.slot + 1u);
}

v1::Action to_proto(action a) {
    v1::Action out;
    fill(out, a);
    return out;
}

std::optional<action> from_proto(const v1::Action& a) {
    constexpr int kinds = static_cast<int>(action_kind::choose_power) + 1;
    const int kind = static_cast<int>(a.kind());
    if (kind < 1 || kind > kinds) return std::nullopt;
    constexpr std::uint32_t byte_max = 255;
    if (a.position() > byte_max || a.other() > byte_max) return std::nullopt;
    if (a.target_seat() > byte_max || a.other_seat() > byte_max) return std::nullopt;
    if (static_cast<action_kind>(kind - 1) == action_kind::choose_power) {
        if (a.position() == 0) return std::nullopt;  // POWER_KIND_UNSPECIFIED names no power
        return action{action_kind::choose_power, static_cast<std::uint8_t>(a.position() - 1),
                      static_cast<std::uint8_t>(a.other()), static_cast<std::uint8_t>(a.target_seat()),
                      static_cast<std::uint8_t>(a.other_seat())};
    }
    return action{static_cast<action_kind>(kind - 1), static_cast<std::uint8_t>(a.position()),
                  static_cast<std::uint8_t>(a.other()), static_cast<std::uint8_t>(a.target_seat()),
                  static_cast<std::uint8_t>(a.other_seat())};
}

// ---- scores and views

void fill(v1::HandScore& out, const hand_score& score) {
    for (const auto& layout : score.layouts) fill_layout(*out.add_layouts(), layout);
    for (const int points : score.adjustments) out.add_adjustments(points);
    for (const int points : score.extra) out.add_extra(points);
    for (const int points : score.scores) out.add_scores(points);
    out.set_match_winner(score.match_winner);
    for (const auto& note : score.notes) out.add_notes(note);
    for (const auto& note : score.why) fill_note(*out.add_why(), note);
}

v1::HandScore to_proto(const hand_score& score) {
    v1::HandScore out;
    fill(out, score);
    return out;
}

void fill(v1::SeatLayout& out, const seat_view& seat) { fill_seat(out, seat); }

void fill(v1::HandView& out, const hand_view& view, int hole) {
    fill_except_seats(out, view, hole);
    for (const auto& seat : view.seats) fill_seat(*out.add_seats(), seat);
}

void fill_except_seats(v1::HandView& out, const hand_view& view, int hole) {
    out.set_viewer(view.viewer);
    out.set_phase(static_cast<v1::Phase>(static_cast<int>(view.current_phase) + 1));
    out.set_current_seat(view.current_seat);
    out.set_dealer(view.dealer);
    out.set_rows(static_cast<std::uint32_t>(view.rows));
    out.set_cols(static_cast<std::uint32_t>(view.cols));
    if (view.top_discard) fill(*out.mutable_top_discard(), *view.top_discard);
    out.set_discard_count(static_cast<std::uint32_t>(view.discard_count));
    out.set_stock_count(static_cast<std::uint32_t>(view.stock_count));
    // The view carries the held card only for those who may know it, so the phase says it for everyone else.
    out.set_holding(view.holding || view.held.has_value() || view.current_phase == phase::holding ||
                    view.current_phase == phase::matching);
    out.set_held_from_discard(view.held_from_discard);
    if (view.held) fill(*out.mutable_held(), *view.held);
    out.set_caller(view.caller);
    out.set_final_round(view.final_round);
    out.set_final_turns_left(static_cast<std::uint32_t>(view.final_turns_left));
    out.set_ended(static_cast<v1::EndReason>(static_cast<int>(view.ended)));  // the same numbers, none = 0
    for (const auto a : view.legal) fill(*out.add_legal(), a);
    if (view.result) fill(*out.mutable_result(), *view.result);
    out.set_hole(static_cast<std::uint32_t>(hole));
    if (view.power.kind != power_kind::none) {
        v1::PowerInUse& power = *out.mutable_power();
        power.set_kind(static_cast<v1::PowerKind>(static_cast<int>(view.power.kind) + 1));
        power.set_step(static_cast<std::uint32_t>(view.power.step));
        power.set_seat(view.power.seat);
        power.set_position(view.power.slot);
        power.set_own_position(view.power.own_slot);
        power.set_first_pick(static_cast<v1::PowerKind>(static_cast<int>(view.power.first) + 1));
        power.set_picks_left(static_cast<std::uint32_t>(view.power.picks_left));
    }
    for (const card c : view.offered) fill(*out.add_offered(), c);
    for (const int slot : view.marked) out.add_marked(static_cast<std::uint32_t>(slot));
    out.set_claim_open(view.claim_open);
    out.set_discard_power_unused(view.discard_power_unused);
}

v1::HandView to_proto(const hand_view& view, int hole) {
    v1::HandView out;
    fill(out, view, hole);
    return out;
}

// The protocol lists the engine's event kinds in the engine's order, from 1.
static_assert(v1::EVENT_KIND_FLIPPED == static_cast<int>(event_kind::flipped) + 1);
static_assert(v1::EVENT_KIND_HAND_OVER == static_cast<int>(event_kind::hand_over) + 1);
static_assert(v1::EVENT_KIND_POWER_USED == static_cast<int>(event_kind::power_used) + 1);
static_assert(v1::EVENT_KIND_OFFERED == static_cast<int>(event_kind::offered) + 1);
static_assert(v1::EVENT_KIND_POWER_CHOSEN == static_cast<int>(event_kind::power_chosen) + 1);

v1::EventKind to_proto(event_kind kind) { return static_cast<v1::EventKind>(static_cast<int>(kind) + 1); }

namespace {

// The kinds whose `slot` is a position in the actor's own layout (the others name their layout in `target`).
bool in_own_layout(event_kind kind) {
    switch (kind) {
        case event_kind::flipped:
        case event_kind::peeked:
        case event_kind::swapped_own:
        case event_kind::placed:
        case event_kind::looked:
        case event_kind::exposed: return true;
        default: return false;
    }
}

}  // namespace

void fill(v1::TableEvent& out, const event& full, int viewer, bool with_seen_card, int hole, int index) {
    const event e = event_for(full, with_seen_card ? viewer : -1);
    out.set_hole(static_cast<std::uint32_t>(hole));
    out.set_index(static_cast<std::uint32_t>(index));
    out.set_kind(to_proto(e.kind));
    out.set_seat(e.seat);
    const int target = e.target >= 0 ? e.target : in_own_layout(e.kind) ? e.seat : -1;
    out.set_target_seat(target);
    // The engine's gave names the giver's position first; the protocol names target_seat's place in `position`.
    const bool gave = e.kind == event_kind::gave;
    out.set_position(gave ? e.other : e.slot);
    out.set_other(gave ? e.slot : e.other);
    out.set_other_seat(e.other_target);
    // Like CHOOSE_POWER's Action, POWER_CHOSEN's position is a PowerKind number (the engine's kind plus one).
    if (e.kind == event_kind::power_chosen) out.set_position(e.slot + 1u);
    if (e.card_shown) {
        fill(*out.mutable_card(), *e.card_shown);
    } else if (e.card_seen) {
        fill(*out.mutable_card(), *e.card_seen);
        out.set_private_card(true);
    }
}

std::optional<event> to_event(const v1::TableEvent& in) {
    const int kind = static_cast<int>(in.kind()) - 1;
    if (kind < 0 || kind > static_cast<int>(event_kind::power_chosen)) return std::nullopt;
    event e{};
    e.kind = static_cast<event_kind>(kind);
    const auto seat_of = [](int s) { return static_cast<std::int8_t>(std::clamp(s, -1, 127)); };
    const auto small = [](std::uint32_t v) { return static_cast<std::uint8_t>(std::min<std::uint32_t>(v, 255)); };
    e.seat = seat_of(in.seat());
    e.target = seat_of(in.target_seat());  // the actor's own layout named too (the engine may leave it -1)
    e.other_target = seat_of(in.other_seat());
    const bool gave = e.kind == event_kind::gave;
    e.slot = small(gave ? in.other() : in.position());
    e.other = small(gave ? in.position() : in.other());
    if (e.kind == event_kind::power_chosen) e.slot = small(in.position() > 0 ? in.position() - 1 : 0);
    if (in.has_card()) {
        const std::optional<card> c = from_proto(in.card());
        if (!c) return std::nullopt;
        (in.private_card() ? e.card_seen : e.card_shown) = c;
    }
    return e;
}

v1::PresetInfo to_proto(const preset& p) {
    v1::PresetInfo out;
    out.set_name(std::string(p.name));
    out.set_source(std::string(p.source));
    out.set_summary(std::string(p.summary));
    *out.mutable_rules() = to_proto(p.rules);
    return out;
}

// ---- reading the protocol back into engine values (for clients and bots) ----------------------------------

std::optional<ruleset> to_ruleset(const v1::Ruleset& rules) {
    ruleset result;
    if (apply_overrides(result, rules)) return std::nullopt;
    if (validate(result)) return std::nullopt;
    return result;
}

namespace {

std::optional<seat_set> to_seat_set(const google::protobuf::RepeatedField<std::uint32_t>& seats) {
    seat_set set = 0;
    for (const std::uint32_t s : seats) {
        if (s >= static_cast<std::uint32_t>(max_seats_limit)) return std::nullopt;
        set = static_cast<seat_set>(set | (1u << s));
    }
    return set;
}

hand_score to_hand_score(const v1::HandScore& score) {
    hand_score result;
    for (const v1::LayoutScore& l : score.layouts()) {
        layout_score layout;
        layout.points = l.points();
        layout.column_points.assign(l.column_points().begin(), l.column_points().end());
        layout.cancelled.assign(l.cancelled().begin(), l.cancelled().end());
        layout.bonus = l.bonus();
        layout.others_penalty = l.others_penalty();
        layout.notes.assign(l.notes().begin(), l.notes().end());
        for (const v1::ScoreNote& note : l.why()) layout.why.push_back(to_note(note));
        result.layouts.push_back(std::move(layout));
    }
    result.adjustments.assign(score.adjustments().begin(), score.adjustments().end());
    result.extra.assign(score.extra().begin(), score.extra().end());
    result.scores.assign(score.scores().begin(), score.scores().end());
    result.match_winner = score.match_winner();
    result.notes.assign(score.notes().begin(), score.notes().end());
    for (const v1::ScoreNote& note : score.why()) result.why.push_back(to_note(note));
    return result;
}

// The cards of a repeated field appended to `out`; false when one is not a card.
bool append_cards(const google::protobuf::RepeatedPtrField<v1::Card>& cards, std::vector<card>& out) {
    for (const v1::Card& c : cards) {
        const auto converted = from_proto(c);
        if (!converted) return false;
        out.push_back(*converted);
    }
    return true;
}

std::optional<position_view> to_position_view(const v1::Position& p) {
    position_view position;
    position.empty = p.empty();
    position.face_up = p.face_up();
    if (p.has_card()) {
        position.value = from_proto(p.card());
        if (!position.value) return std::nullopt;
    }
    const auto known = to_seat_set(p.known_by());
    if (!known) return std::nullopt;
    position.known_by = *known;
    position.locked = p.locked();
    return position;
}

std::optional<seat_view> to_seat_view(const v1::SeatLayout& s, int rows, int cols) {
    // The grid, then any extra rows a layout may grow into (whole rows, within the engine's limit).
    const int positions = s.positions_size();
    if (positions < rows * cols || positions > max_positions_limit || (cols > 0 && positions % cols != 0))
        return std::nullopt;
    seat_view seat;
    for (const v1::Position& p : s.positions()) {
        const auto position = to_position_view(p);
        if (!position) return std::nullopt;
        seat.layout.push_back(*position);
    }
    seat.start_left = static_cast<int>(s.start_left());
    seat.rearranging = s.rearranging();
    seat.turns_taken = static_cast<int>(s.turns_taken());
    seat.look_points = s.look_points();
    seat.penalty_points = s.penalty_points();
    seat.shown_points = s.shown_points();
    if (!append_cards(s.shields(), seat.shields)) return std::nullopt;
    for (const std::uint32_t i : s.start_touched()) {
        if (i >= seat.layout.size() || i >= 64) return std::nullopt;
        seat.start_touched |= std::uint64_t{1} << i;
    }
    return seat;
}

// The phase, the seats to act and the layouts' shape; false when out of range.
bool read_table(const v1::HandView& view, hand_view& result) {
    if (view.phase() < v1::PHASE_START || view.phase() > v1::PHASE_CALLING) return false;
    if (view.ended() < v1::END_REASON_NONE || view.ended() > v1::END_REASON_LAYOUT_EMPTY) return false;
    constexpr auto max_rows = static_cast<std::uint32_t>(max_rows_limit);
    constexpr auto max_cols = static_cast<std::uint32_t>(max_cols_limit);
    if (view.rows() > max_rows || view.cols() > max_cols) return false;
    result.viewer = view.viewer();
    result.current_phase = static_cast<phase>(view.phase() - v1::PHASE_START);
    result.current_seat = view.current_seat();
    result.dealer = view.dealer();
    result.rows = static_cast<int>(view.rows());
    result.cols = static_cast<int>(view.cols());
    return true;
}

// The discard pile, the stock and the card in hand; false when a card is not one.
bool read_piles(const v1::HandView& view, hand_view& result) {
    if (view.has_top_discard()) {
        result.top_discard = from_proto(view.top_discard());
        if (!result.top_discard) return false;
    }
    result.discard_count = static_cast<int>(view.discard_count());
    result.stock_count = static_cast<int>(view.stock_count());
    result.held_from_discard = view.held_from_discard();
    result.holding = view.holding();
    if (view.has_held()) {
        result.held = from_proto(view.held());
        if (!result.held) return false;
    }
    return true;
}

std::optional<power_view> to_power_view(const v1::PowerInUse& power) {
    power_view result;
    constexpr int power_kinds = static_cast<int>(power_kind::two_powers) + 1;
    if (power.kind() < 1 || power.kind() > power_kinds) return std::nullopt;
    result.kind = static_cast<power_kind>(power.kind() - 1);
    result.step = static_cast<int>(power.step());
    result.seat = power.seat();
    result.slot = power.position();
    result.own_slot = power.own_position();
    if (power.first_pick() != v1::POWER_KIND_UNSPECIFIED) {  // absent from older servers' messages
        if (power.first_pick() < 1 || power.first_pick() > power_kinds) return std::nullopt;
        result.first = static_cast<power_kind>(power.first_pick() - 1);
    }
    if (power.picks_left() > 2) return std::nullopt;
    result.picks_left = static_cast<int>(power.picks_left());
    return result;
}

// The legal actions, the result, a power in use and the cards it shows; false when one cannot be read.
bool read_prompts(const v1::HandView& view, hand_view& result) {
    for (const v1::Action& a : view.legal()) {
        const auto converted = from_proto(a);
        if (!converted) return false;
        result.legal.push_back(*converted);
    }
    if (view.has_result()) result.result = to_hand_score(view.result());
    if (view.has_power()) {
        const auto power = to_power_view(view.power());
        if (!power) return false;
        result.power = *power;
    }
    if (!append_cards(view.offered(), result.offered)) return false;
    for (const std::uint32_t slot : view.marked()) {
        if (slot >= static_cast<std::uint32_t>(max_positions_limit)) return false;
        result.marked.push_back(static_cast<int>(slot));
    }
    return true;
}

}  // namespace

std::optional<hand_view> to_hand_view(const v1::HandView& view) {
    hand_view result;
    if (!read_table(view, result)) return std::nullopt;
    // A bot indexes layouts by rows * cols, so the sizes must agree.
    if (view.seats_size() > max_seats_limit) return std::nullopt;
    for (const v1::SeatLayout& s : view.seats()) {
        auto seat = to_seat_view(s, result.rows, result.cols);
        if (!seat) return std::nullopt;
        result.seats.push_back(std::move(*seat));
    }
    if (!read_piles(view, result)) return std::nullopt;
    result.caller = view.caller();
    result.final_round = view.final_round();
    result.final_turns_left = static_cast<int>(view.final_turns_left());
    result.ended = static_cast<end_reason>(view.ended());
    if (!read_prompts(view, result)) return std::nullopt;
    result.claim_open = view.claim_open();
    result.discard_power_unused = view.discard_power_unused();
    return result;
}

}  // namespace golf::wire
