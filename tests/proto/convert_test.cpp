// Engine <-> wire conversion: the Ruleset message and the options table stay in step, rulesets, cards and actions
// round-trip, bad overrides are refused whole with a sentence naming the option, and a HandView carries exactly
// what the engine's view for that seat holds.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <google/protobuf/descriptor.h>
#include <google/protobuf/util/message_differencer.h>

#include "engine/action_log.hpp"
#include "engine/hand.hpp"
#include "engine/powers.hpp"
#include "engine/presets.hpp"
#include "engine/ruleset_options.hpp"
#include "proto/convert.hpp"

namespace golf::wire {
namespace {

using google::protobuf::FieldDescriptor;
using google::protobuf::util::MessageDifferencer;

std::string upper(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char ch) { return static_cast<char>(std::toupper(ch)); });
    return out;
}

ruleset with(ruleset rules, std::initializer_list<std::string_view> assignments) {
    for (const auto assignment : assignments)
        if (auto problem = set_option(rules, assignment)) ADD_FAILURE() << *problem;
    return rules;
}

const ruleset& preset_rules(std::string_view name) {
    const preset* p = find_preset(name);
    if (!p) throw std::invalid_argument("no preset " + std::string(name));
    return p->rules;
}

// The error starts with the option's name as a word ("start: ..." is not about start_count).
::testing::AssertionResult names_option(const std::optional<std::string>& problem, std::string_view name) {
    if (!problem) return ::testing::AssertionFailure() << "no error, expected one naming " << name;
    const auto& text = *problem;
    if (text.rfind(name, 0) == 0 && text.size() > name.size() && (text[name.size()] == ':' || text[name.size()] == ' '))
        return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "'" << text << "' does not name " << name;
}

// ---- the Ruleset message and the options table

TEST(RulesetMessage, EveryOptionHasAFieldOfItsNameAndKind) {
    const auto* descriptor = v1::Ruleset::descriptor();
    for (const auto& option : ruleset_options()) {
        SCOPED_TRACE(std::string(option.name));
        const auto* field = descriptor->FindFieldByName(std::string(option.name));
        ASSERT_NE(field, nullptr) << "ruleset.proto has no field " << option.name;
        EXPECT_FALSE(field->is_repeated());
        switch (option.kind) {
            case option_kind::boolean:
                EXPECT_EQ(field->type(), FieldDescriptor::TYPE_BOOL);
                EXPECT_TRUE(field->has_presence()) << "needs `optional` so an override can leave it alone";
                break;
            case option_kind::integer:
                EXPECT_EQ(field->type(), FieldDescriptor::TYPE_INT32);
                EXPECT_TRUE(field->has_presence()) << "needs `optional` so an override can leave it alone";
                break;
            case option_kind::optional_integer:
                EXPECT_EQ(field->message_type(), v1::OptionalPoints::descriptor());
                break;
            case option_kind::choice: ASSERT_NE(field->enum_type(), nullptr); break;
            case option_kind::integer_list: EXPECT_EQ(field->message_type(), v1::PlayerCounts::descriptor()); break;
            case option_kind::card_values: EXPECT_EQ(field->message_type(), v1::CardValues::descriptor()); break;
        }
    }
}

TEST(RulesetMessage, EveryFieldIsAnOption) {
    const auto* descriptor = v1::Ruleset::descriptor();
    for (int i = 0; i < descriptor->field_count(); ++i)
        EXPECT_NE(find_option(descriptor->field(i)->name()), nullptr)
            << "Ruleset." << descriptor->field(i)->name() << " is not an engine option";
}

TEST(RulesetMessage, EnumValuesAreTheEngineChoicesInOrder) {
    const auto* descriptor = v1::Ruleset::descriptor();
    for (const auto& option : ruleset_options()) {
        if (option.kind != option_kind::choice) continue;
        SCOPED_TRACE(std::string(option.name));
        const auto* field = descriptor->FindFieldByName(std::string(option.name));
        ASSERT_NE(field, nullptr);
        const auto* values = field->enum_type();
        ASSERT_NE(values, nullptr);
        ASSERT_EQ(values->value_count(), static_cast<int>(option.choices.size()) + 1);
        const auto* unspecified = values->FindValueByNumber(0);
        ASSERT_NE(unspecified, nullptr);
        const std::string suffix = "UNSPECIFIED";
        ASSERT_TRUE(unspecified->name().ends_with(suffix)) << unspecified->name();
        const std::string prefix = unspecified->name().substr(0, unspecified->name().size() - suffix.size());
        for (std::size_t i = 0; i < option.choices.size(); ++i) {
            const auto* value = values->FindValueByNumber(static_cast<int>(i) + 1);
            ASSERT_NE(value, nullptr);
            EXPECT_EQ(value->name(), prefix + upper(option.choices[i]));
        }
    }
}

TEST(RulesetMessage, AnEnumValueSelectsTheChoiceOfItsName) {
    v1::Ruleset overrides;
    overrides.set_start_where(v1::START_PATTERN_SAME_COLUMN);
    overrides.set_caller_penalty(v1::CALLER_PENALTY_RULE_ADD_LOWEST);
    ruleset rules;
    ASSERT_FALSE(apply_overrides(rules, overrides));
    EXPECT_EQ(rules.start_where, start_pattern::same_column);
    EXPECT_EQ(rules.caller_penalty, caller_penalty_rule::add_lowest);
    EXPECT_EQ(to_proto(rules).start_where(), v1::START_PATTERN_SAME_COLUMN);
}

// ---- rulesets both ways

TEST(RulesetConversion, ToProtoSetsEveryField) {
    const auto* descriptor = v1::Ruleset::descriptor();
    for (const auto& p : presets()) {
        SCOPED_TRACE(std::string(p.name));
        const auto message = to_proto(p.rules);
        const auto& reflection = *message.GetReflection();
        for (int i = 0; i < descriptor->field_count(); ++i) {
            const auto* field = descriptor->field(i);
            if (field->has_presence()) EXPECT_TRUE(reflection.HasField(message, field)) << field->name();
            else EXPECT_NE(reflection.GetEnumValue(message, field), 0) << field->name();
        }
    }
}

TEST(RulesetConversion, OptionalPointsOffIsPresentWithoutPoints) {
    auto message = to_proto(with(ruleset{}, {"straight_score=off", "shoot_the_moon=100"}));
    ASSERT_TRUE(message.has_straight_score());
    EXPECT_FALSE(message.straight_score().has_points());
    ASSERT_TRUE(message.has_shoot_the_moon());
    EXPECT_EQ(message.shoot_the_moon().points(), 100);
}

TEST(RulesetConversion, ListsAndCardValuesTravelAsMessages) {
    const auto message = to_proto(with(ruleset{}, {"extra_pack_above=4,8", "card_value_overrides=QS:40,X:-5"}));
    ASSERT_EQ(message.extra_pack_above().values_size(), 2);
    EXPECT_EQ(message.extra_pack_above().values(0), 4);
    EXPECT_EQ(message.extra_pack_above().values(1), 8);
    ASSERT_EQ(message.card_value_overrides().values_size(), 2);
    EXPECT_EQ(message.card_value_overrides().values(0).card().rank(), 12u);
    EXPECT_EQ(message.card_value_overrides().values(0).card().suit(), v1::SUIT_SPADES);
    EXPECT_EQ(message.card_value_overrides().values(0).points(), 40);
    EXPECT_EQ(message.card_value_overrides().values(1).card().rank(), 0u);
    EXPECT_EQ(message.card_value_overrides().values(1).card().suit(), v1::SUIT_NONE);
    EXPECT_EQ(message.card_value_overrides().values(1).points(), -5);
}

TEST(RulesetConversion, EveryPresetRoundTripsOntoADifferentBase) {
    const auto all = presets();
    ASSERT_GE(all.size(), 2u);
    for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& original = all[i].rules;
        SCOPED_TRACE(std::string(all[i].name));
        for (ruleset base : {all[(i + 1) % all.size()].rules, ruleset{}}) {
            ASSERT_FALSE(apply_overrides(base, to_proto(original)));
            EXPECT_EQ(to_text(base), to_text(original));
            EXPECT_TRUE(base == original);
        }
    }
}

// Values from the edges of every option's range, each set alone on a default ruleset, carried onto a preset.
TEST(RulesetConversion, HouseRulesRoundTripForEveryOptionAndKind) {
    const ruleset& other_base = preset_rules("four-card-jokers");
    for (const auto& option : ruleset_options()) {
        std::vector<std::string> values;
        switch (option.kind) {
            case option_kind::boolean: values = {"true", "false"}; break;
            case option_kind::integer:
                values = {std::to_string(option.min), std::to_string(option.max),
                          std::to_string((option.min + option.max) / 2)};
                break;
            case option_kind::optional_integer:
                values = {"off", std::to_string(option.min), std::to_string(option.max), "-12", "0"};
                break;
            case option_kind::choice:
                for (const auto choice : option.choices) values.emplace_back(choice);
                break;
            case option_kind::integer_list: values = {"", "4", "4,8,12", std::to_string(option.max)}; break;
            case option_kind::card_values: values = {"", "QS:40", "X:-5,JH:0,AS:1000,2C:-1000,TD:7"}; break;
        }
        for (const auto& value : values) {
            SCOPED_TRACE(std::string(option.name) + "=" + value);
            ruleset original;
            ASSERT_FALSE(set_option(original, option.name, value));
            ruleset base = other_base;
            ASSERT_FALSE(apply_overrides(base, to_proto(original)));
            EXPECT_EQ(to_text(base), to_text(original));
            EXPECT_TRUE(base == original);
        }
    }
}

TEST(RulesetConversion, ManyHouseRulesAtOnceRoundTrip) {
    const ruleset original = with(preset_rules("six-card"), {"rows=3",
                                                             "cols=4",
                                                             "start=peek",
                                                             "start_count=3",
                                                             "start_where=different_columns",
                                                             "start_when=first_turn",
                                                             "discard_flip=compulsory_unless_one_left",
                                                             "knocking=true",
                                                             "look_cost=5",
                                                             "all_face_up=when_everyone",
                                                             "empty_stock=end_hand",
                                                             "value_king=-3",
                                                             "value_joker=-5",
                                                             "jokers_per_pack=2",
                                                             "card_value_overrides=QS:40,JH:0",
                                                             "straight_score=-12",
                                                             "shoot_the_moon=off",
                                                             "caller_penalty=double_plus_points",
                                                             "caller_penalty_points=5",
                                                             "caller_bonus=set_to_points",
                                                             "caller_bonus_points=-10",
                                                             "caller_tie=add_tie_points",
                                                             "caller_tie_points=3",
                                                             "extra_pack_above=3,6,9",
                                                             "holes=18",
                                                             "target_score=100",
                                                             "match_tie=play_off"});
    ruleset base = preset_rules("nine-card");
    ASSERT_FALSE(apply_overrides(base, to_proto(original)));
    EXPECT_EQ(to_text(base), to_text(original));
}

TEST(RulesetConversion, AnEmptyOverrideChangesNothing) {
    const ruleset before = preset_rules("six-card-oakes");
    ruleset rules = before;
    ASSERT_FALSE(apply_overrides(rules, v1::Ruleset{}));
    EXPECT_TRUE(rules == before);
}

TEST(RulesetConversion, APartialOverrideChangesOnlyItsFields) {
    const ruleset before = with(preset_rules("six-card"), {"shoot_the_moon=100", "straight_score=-12"});
    ASSERT_FALSE(before.extra_pack_above.empty()) << "the test clears a list, so it needs one";
    v1::Ruleset overrides;
    overrides.set_rows(3);
    overrides.set_knocking(!before.knocking);
    overrides.set_start(v1::START_ACTION_PEEK);
    overrides.mutable_shoot_the_moon();    // present without points: off
    overrides.mutable_extra_pack_above();  // present and empty: no extra packs
    auto* value = overrides.mutable_card_value_overrides()->add_values();
    *value->mutable_card() = to_proto(make_card(12, suit::spades));
    value->set_points(40);

    ruleset rules = before;
    ASSERT_FALSE(apply_overrides(rules, overrides));
    const ruleset expected = with(before, {"rows=3", before.knocking ? "knocking=false" : "knocking=true", "start=peek",
                                           "shoot_the_moon=off", "extra_pack_above=", "card_value_overrides=QS:40"});
    EXPECT_EQ(to_text(rules), to_text(expected));
    EXPECT_EQ(rules.straight_score, before.straight_score);
}

struct bad_override {
    const char* what;
    std::string_view option;
    void (*fill)(v1::Ruleset&);
};

TEST(RulesetConversion, ABadOverrideNamesTheOptionAndChangesNothing) {
    const bad_override cases[] = {
        {"rows 99", "rows", [](v1::Ruleset& r) { r.set_rows(99); }},
        {"a negative integer", "look_cost", [](v1::Ruleset& r) { r.set_look_cost(-1); }},
        {"enum number 42", "start", [](v1::Ruleset& r) { r.set_start(static_cast<v1::StartAction>(42)); }},
        {"a negative enum number", "match_tie",
         [](v1::Ruleset& r) { r.set_match_tie(static_cast<v1::MatchTieRule>(-3)); }},
        {"points out of range", "straight_score", [](v1::Ruleset& r) { r.mutable_straight_score()->set_points(5000); }},
        {"a list not increasing", "extra_pack_above",
         [](v1::Ruleset& r) {
             r.mutable_extra_pack_above()->add_values(8);
             r.mutable_extra_pack_above()->add_values(4);
         }},
        {"rank 14", "card_value_overrides",
         [](v1::Ruleset& r) {
             auto* v = r.mutable_card_value_overrides()->add_values();
             v->mutable_card()->set_rank(14);
             v->mutable_card()->set_suit(v1::SUIT_SPADES);
             v->set_points(3);
         }},
        {"a joker with a suit", "card_value_overrides",
         [](v1::Ruleset& r) {
             auto* v = r.mutable_card_value_overrides()->add_values();
             v->mutable_card()->set_suit(v1::SUIT_HEARTS);
         }},
        {"a card listed twice", "card_value_overrides",
         [](v1::Ruleset& r) {
             for (int i = 0; i < 2; ++i) {
                 auto* v = r.mutable_card_value_overrides()->add_values();
                 *v->mutable_card() = to_proto(make_card(12, suit::spades));
                 v->set_points(40 + i);
             }
         }},
        {"card points out of range", "card_value_overrides",
         [](v1::Ruleset& r) {
             auto* v = r.mutable_card_value_overrides()->add_values();
             *v->mutable_card() = to_proto(make_card(1, suit::hearts));
             v->set_points(-1001);
         }},
    };
    const ruleset before = preset_rules("six-card");
    for (const auto& bad : cases) {
        SCOPED_TRACE(bad.what);
        // Good fields before and after the bad one must not apply either: all or nothing.
        v1::Ruleset overrides;
        overrides.set_min_players(3);
        overrides.set_holes(4);
        overrides.set_match_tie(v1::MATCH_TIE_RULE_PLAY_OFF);
        bad.fill(overrides);
        ruleset rules = before;
        EXPECT_TRUE(names_option(apply_overrides(rules, overrides), bad.option));
        EXPECT_TRUE(rules == before) << to_text(rules);
    }
}

// ---- cards

TEST(CardConversion, EveryCardRoundTrips) {
    for (const card c : make_deck(1, 1)) {
        SCOPED_TRACE(to_string(c));
        EXPECT_EQ(from_proto(to_proto(c)), c);
    }
    const auto queen = to_proto(make_card(12, suit::spades));
    EXPECT_EQ(queen.rank(), 12u);
    EXPECT_EQ(queen.suit(), v1::SUIT_SPADES);
    EXPECT_EQ(to_proto(make_card(1, suit::clubs)).suit(), v1::SUIT_CLUBS);
    const auto j = to_proto(joker());
    EXPECT_EQ(j.rank(), 0u);
    EXPECT_EQ(j.suit(), v1::SUIT_NONE);
    EXPECT_EQ(from_proto(v1::Card{}), joker()) << "an empty message is a joker";
}

TEST(CardConversion, WhatIsNotACardIsRefused) {
    const auto make = [](std::uint32_t rank, int s) {
        v1::Card c;
        c.set_rank(rank);
        c.set_suit(static_cast<v1::Suit>(s));
        return c;
    };
    EXPECT_FALSE(from_proto(make(14, v1::SUIT_CLUBS)));
    EXPECT_FALSE(from_proto(make(0, v1::SUIT_HEARTS)));  // a joker has no suit
    EXPECT_FALSE(from_proto(make(5, v1::SUIT_NONE)));    // a rank needs a suit
    EXPECT_FALSE(from_proto(make(5, 9)));                // an unknown suit number
    EXPECT_FALSE(from_proto(make(5, -1)));
    EXPECT_FALSE(from_proto(make(269, v1::SUIT_CLUBS))) << "269 is 13 in a byte";
}

// ---- actions

constexpr int action_kind_count = static_cast<int>(action_kind::choose_power) + 1;

TEST(ActionConversion, EveryKindRoundTripsUnderItsName) {
    EXPECT_EQ(v1::ActionKind_descriptor()->value_count(), action_kind_count + 1);
    for (int k = 0; k < action_kind_count; ++k) {
        const auto kind = static_cast<action_kind>(k);
        SCOPED_TRACE(std::string(to_string(kind)));
        const action a{kind, 3, 255, 7, 9};
        const auto message = to_proto(a);
        EXPECT_EQ(static_cast<int>(message.kind()), k + 1);
        EXPECT_EQ(v1::ActionKind_Name(message.kind()), "ACTION_KIND_" + upper(to_string(kind)));
        // A chosen power travels as its PowerKind number: the engine's power_kind plus one.
        EXPECT_EQ(message.position(), kind == action_kind::choose_power ? 4u : 3u);
        EXPECT_EQ(message.other(), 255u);
        EXPECT_EQ(message.target_seat(), 7u);
        EXPECT_EQ(message.other_seat(), 9u);
        EXPECT_EQ(from_proto(message), a);
    }
}

// Every event of randomly played hands of every preset, as each seat and a spectator are sent it, reads back as
// the engine's event as that receiver may know it: what a network bot follows (engine/kept_memory.hpp).
TEST(EventConversion, EveryEventOfPlayedHandsReadsBackAsItsReceiverKnowsIt) {
    // The engine leaves `target` -1 for these (the actor's own layout); the protocol names the layout always.
    const std::set<event_kind> own_layout_kinds{event_kind::flipped, event_kind::peeked, event_kind::swapped_own,
                                                event_kind::placed,  event_kind::looked, event_kind::exposed};
    int checked = 0;
    for (const preset& p : presets()) {
        const auto rules = std::make_shared<const ruleset>(p.rules);
        hand h(rules, 4 <= p.rules.max_players ? 4 : p.rules.max_players, 0, 5);
        random_source random(5);
        std::vector<event> events;
        for (int step = 0; step < 2000 && !h.over(); ++step) {
            const int seat = h.seats_to_act().front();
            const hand_view view = h.view_for(seat);
            events.clear();
            ASSERT_EQ(h.apply(seat, view.legal[random.below(view.legal.size())], &events), action_error::none);
            for (const event& e : events)
                for (int viewer = -1; viewer < h.players(); ++viewer) {
                    v1::TableEvent message;
                    fill(message, e, viewer, true, 1, checked);
                    event expected = event_for(e, viewer);
                    if (expected.target < 0 && own_layout_kinds.contains(e.kind)) expected.target = e.seat;
                    ASSERT_EQ(to_event(message), expected) << p.name << " " << message.DebugString();
                    ++checked;
                }
        }
    }
    EXPECT_GT(checked, 1000);
    v1::TableEvent unknown;
    unknown.set_kind(static_cast<v1::EventKind>(200));
    EXPECT_FALSE(to_event(unknown));
}

TEST(ActionConversion, BadActionsAreRefused) {
    const auto make = [](int kind, std::uint32_t position, std::uint32_t other) {
        v1::Action a;
        a.set_kind(static_cast<v1::ActionKind>(kind));
        a.set_position(position);
        a.set_other(other);
        return a;
    };
    EXPECT_FALSE(from_proto(make(v1::ACTION_KIND_UNSPECIFIED, 0, 0)));
    EXPECT_FALSE(from_proto(make(action_kind_count + 1, 0, 0)));
    EXPECT_FALSE(from_proto(make(-1, 0, 0)));
    EXPECT_FALSE(from_proto(make(v1::ACTION_KIND_FLIP, 256, 0)));
    EXPECT_FALSE(from_proto(make(v1::ACTION_KIND_SWAP_OWN, 0, 1000)));
    EXPECT_FALSE(from_proto(make(v1::ACTION_KIND_SWAP_OWN, 0, 4294967295u)));
    EXPECT_TRUE(from_proto(make(v1::ACTION_KIND_SWAP_OWN, 254, 255)));
    EXPECT_FALSE(from_proto(make(v1::ACTION_KIND_CHOOSE_POWER, v1::POWER_KIND_UNSPECIFIED, 0)));
    EXPECT_EQ(from_proto(make(v1::ACTION_KIND_CHOOSE_POWER, v1::POWER_KIND_SHIELD, 0)),
              (action{action_kind::choose_power, static_cast<std::uint8_t>(power_kind::shield), 0}));
}

// docs/match-record.md: the record's choose_power KIND is the power's place in `golf rules --options`'s list of
// power_* choices (0 none), and the protocol's PowerKind of the same name is one more (0 is UNSPECIFIED there).
TEST(ActionConversion, ARecordedChosenPowerIsItsOptionChoiceAndItsPowerKindIsOneMore) {
    const option_info* king = find_option("power_king");
    ASSERT_NE(king, nullptr);
    ASSERT_EQ(king->choices.size(), static_cast<std::size_t>(power_kind_count));
    const auto* kinds = v1::PowerKind_descriptor();
    for (int k = 0; k < power_kind_count; ++k) {
        const action chosen{action_kind::choose_power, static_cast<std::uint8_t>(k), 0};
        EXPECT_EQ(to_text({2, chosen}), "2:choose_power:" + std::to_string(k));
        const auto* wire = kinds->FindValueByNumber(k + 1);
        ASSERT_NE(wire, nullptr) << k;
        EXPECT_EQ(wire->name(), "POWER_KIND_" + upper(king->choices[static_cast<std::size_t>(k)]));
        EXPECT_EQ(to_proto(chosen).position(), static_cast<std::uint32_t>(k + 1));
    }
}

// ---- views

TEST(ViewConversion, PhaseAndEndReasonNamesMatchTheEngine) {
    for (const phase p : {phase::start, phase::turn, phase::holding, phase::after_discard, phase::over, phase::power,
                          phase::matching, phase::calling}) {
        hand_view view;
        view.current_phase = p;
        EXPECT_EQ(v1::Phase_Name(to_proto(view, 1).phase()), "PHASE_" + upper(to_string(p)));
    }
    for (const end_reason r : {end_reason::none, end_reason::all_face_up, end_reason::final_round_done,
                               end_reason::stock_exhausted, end_reason::turn_limit, end_reason::layout_empty}) {
        hand_view view;
        view.ended = r;
        EXPECT_EQ(v1::EndReason_Name(to_proto(view, 1).ended()), "END_REASON_" + upper(to_string(r)));
    }
}

TEST(ViewConversion, KnownByBitsBecomeSeatNumbers) {
    hand_view view;
    view.rows = 1;
    view.cols = 1;
    view.seats.resize(1);
    position_view p;
    p.known_by = static_cast<seat_set>((1u << 0) | (1u << 3) | (1u << 15));
    view.seats[0].layout.push_back(p);
    const auto message = to_proto(view, 2);
    const auto& known = message.seats(0).positions(0).known_by();
    EXPECT_EQ(std::vector<std::uint32_t>(known.begin(), known.end()), (std::vector<std::uint32_t>{0, 3, 15}));
    EXPECT_EQ(message.hole(), 2u);
}

// Checks that `message` says what the engine's `view` says, and that every card it carries is the card really
// there and one the viewer may know.
void expect_view_matches(const hand& h, const hand_view& view, const v1::HandView& message) {
    EXPECT_EQ(message.viewer(), view.viewer);
    EXPECT_EQ(static_cast<int>(message.phase()), static_cast<int>(h.current_phase()) + 1);
    EXPECT_EQ(message.current_seat(), view.current_seat);
    EXPECT_EQ(message.dealer(), h.dealer());
    EXPECT_EQ(message.rows(), static_cast<std::uint32_t>(h.rules().rows));
    EXPECT_EQ(message.cols(), static_cast<std::uint32_t>(h.rules().cols));
    ASSERT_EQ(message.seats_size(), h.players());
    for (int s = 0; s < h.players(); ++s) {
        const auto& seat = message.seats(s);
        const auto& engine_seat = view.seats[static_cast<std::size_t>(s)];
        EXPECT_EQ(seat.start_left(), static_cast<std::uint32_t>(engine_seat.start_left));
        EXPECT_EQ(seat.turns_taken(), static_cast<std::uint32_t>(engine_seat.turns_taken));
        EXPECT_EQ(seat.look_points(), engine_seat.look_points);
        ASSERT_EQ(seat.positions_size(), static_cast<int>(h.seat(s).layout.size()));
        for (int i = 0; i < seat.positions_size(); ++i) {
            const auto& p = seat.positions(i);
            const auto& engine_p = engine_seat.layout[static_cast<std::size_t>(i)];
            const auto& real = h.seat(s).layout[static_cast<std::size_t>(i)];
            EXPECT_EQ(p.empty(), engine_p.empty);
            EXPECT_EQ(p.face_up(), engine_p.face_up);
            EXPECT_EQ(p.locked(), engine_p.locked);
            ASSERT_EQ(p.has_card(), engine_p.value.has_value()) << "seat " << s << " position " << i;
            seat_set known = 0;
            for (const auto k : p.known_by()) known = static_cast<seat_set>(known | (1u << k));
            EXPECT_EQ(known, engine_p.known_by);
            if (!p.has_card()) continue;
            EXPECT_EQ(from_proto(p.card()), real.value);
            // Face up, or known to every seat (a card taken from the discards went face down), or to the viewer.
            const bool everyone_knows = real.known_by == (1u << h.players()) - 1;
            const bool may_know =
                p.face_up() || everyone_knows || (view.viewer >= 0 && (real.known_by & (1u << view.viewer)));
            EXPECT_TRUE(may_know) << "viewer " << view.viewer << " sees a hidden card at seat " << s << " position "
                                  << i;
        }
    }
    EXPECT_EQ(message.has_top_discard(), view.top_discard.has_value());
    if (message.has_top_discard()) {
        EXPECT_EQ(from_proto(message.top_discard()), h.discards().back());
    }
    EXPECT_EQ(message.discard_count(), static_cast<std::uint32_t>(h.discards().size()));
    EXPECT_EQ(message.stock_count(), static_cast<std::uint32_t>(h.stock().size()));
    EXPECT_EQ(message.holding(), h.held().has_value());
    EXPECT_EQ(message.held_from_discard(), view.held_from_discard);
    ASSERT_EQ(message.has_held(), view.held.has_value());
    if (message.has_held()) {
        EXPECT_EQ(from_proto(message.held()), h.held());
        EXPECT_TRUE(view.viewer == h.current_seat() || message.held_from_discard()) << "a drawn card is private";
    }
    EXPECT_EQ(message.caller(), h.caller());
    EXPECT_EQ(message.final_round(), view.final_round);
    EXPECT_EQ(message.final_turns_left(), static_cast<std::uint32_t>(view.final_turns_left));
    EXPECT_EQ(static_cast<int>(message.ended()), static_cast<int>(h.ended()));
    std::vector<action> legal;
    for (const auto& a : message.legal()) {
        const auto parsed = from_proto(a);
        ASSERT_TRUE(parsed);
        legal.push_back(*parsed);
    }
    EXPECT_EQ(legal, view.legal);
    if (view.viewer < 0) {
        EXPECT_TRUE(legal.empty()) << "a spectator has no moves";
    }
    EXPECT_EQ(message.has_result(), h.over());
}

void expect_score_matches(const hand_score& score, const v1::HandScore& message) {
    EXPECT_EQ(std::vector<int>(message.scores().begin(), message.scores().end()), score.scores);
    EXPECT_EQ(std::vector<int>(message.adjustments().begin(), message.adjustments().end()), score.adjustments);
    EXPECT_EQ(std::vector<int>(message.extra().begin(), message.extra().end()), score.extra);
    EXPECT_EQ(message.match_winner(), score.match_winner);
    EXPECT_EQ(std::vector<std::string>(message.notes().begin(), message.notes().end()), score.notes);
    ASSERT_EQ(message.layouts_size(), static_cast<int>(score.layouts.size()));
    for (int s = 0; s < message.layouts_size(); ++s) {
        const auto& layout = message.layouts(s);
        const auto& engine_layout = score.layouts[static_cast<std::size_t>(s)];
        EXPECT_EQ(layout.points(), engine_layout.points);
        EXPECT_EQ(std::vector<int>(layout.column_points().begin(), layout.column_points().end()),
                  engine_layout.column_points);
        EXPECT_EQ(std::vector<bool>(layout.cancelled().begin(), layout.cancelled().end()), engine_layout.cancelled);
        EXPECT_EQ(layout.bonus(), engine_layout.bonus);
        EXPECT_EQ(layout.others_penalty(), engine_layout.others_penalty);
        EXPECT_EQ(std::vector<std::string>(layout.notes().begin(), layout.notes().end()), engine_layout.notes);
    }
}

void expect_serialises(const v1::HandView& message) {
    const std::string bytes = message.SerializeAsString();
    v1::HandView parsed;
    ASSERT_TRUE(parsed.ParseFromString(bytes));
    EXPECT_TRUE(MessageDifferencer::Equals(parsed, message));
}

struct what_was_seen {
    bool hidden_card_known = false;  // a seat's own face-down card it had looked at
    bool holding = false;
    bool held_card = false;
};

// Plays one hand to its end, each move taken from the converted legal list, checking every seat's and a
// spectator's message at every step.
what_was_seen play_and_check(std::string_view preset_name, int players, std::uint64_t seed) {
    what_was_seen seen;
    const auto rules = std::make_shared<const ruleset>(preset_rules(preset_name));
    hand h(rules, players, players - 1, seed);
    random_source random(seed);
    for (int step = 0; step < 5000 && !h.over(); ++step) {
        for (int viewer = -1; viewer < players; ++viewer) {
            const auto view = h.view_for(viewer);
            const auto message = to_proto(view, 3);
            expect_view_matches(h, view, message);
            EXPECT_EQ(message.hole(), 3u);
            if (::testing::Test::HasFatalFailure()) return seen;
            seen.holding = seen.holding || message.holding();
            seen.held_card = seen.held_card || message.has_held();
            for (const auto& seat : message.seats())
                for (const auto& p : seat.positions())
                    seen.hidden_card_known = seen.hidden_card_known || (p.has_card() && !p.face_up());
            if (step % 7 == 0) expect_serialises(message);
        }
        const int actor = h.seats_to_act().front();
        const auto message = to_proto(h.view_for(actor), 3);
        if (message.legal_size() == 0) {
            ADD_FAILURE() << "no legal action for seat " << actor;
            return seen;
        }
        const auto chosen = from_proto(message.legal(static_cast<int>(random.below(message.legal_size()))));
        if (!chosen) {
            ADD_FAILURE() << "a legal action did not convert back";
            return seen;
        }
        EXPECT_EQ(h.apply(actor, *chosen), action_error::none);
    }
    EXPECT_TRUE(h.over()) << preset_name << ": the hand did not end";
    for (int viewer = -1; viewer < players; ++viewer) {
        const auto view = h.view_for(viewer);
        const auto message = to_proto(view, 3);
        expect_view_matches(h, view, message);
        EXPECT_EQ(message.phase(), v1::PHASE_OVER);
        EXPECT_NE(message.ended(), v1::END_REASON_NONE);
        EXPECT_TRUE(message.legal().empty());
        if (!message.has_result()) {
            ADD_FAILURE() << "no result at the end";
            continue;
        }
        expect_score_matches(h.result(), message.result());
        EXPECT_TRUE(MessageDifferencer::Equals(message.result(), to_proto(h.result())));
        expect_serialises(message);
    }
    return seen;
}

TEST(ViewConversion, AHandViewCarriesExactlyTheEngineViewThroughAWholeHand) {
    for (const auto& p : presets()) {
        SCOPED_TRACE(std::string(p.name));
        const auto seen = play_and_check(p.name, 3, 11);
        if (HasFatalFailure()) return;
        EXPECT_TRUE(seen.holding);
        EXPECT_TRUE(seen.held_card);
    }
}

TEST(ViewConversion, APeekedCardReachesOnlyThePeeker) {
    // Four-card Golf peeks at the start and puts new cards face down: face-down cards known to their owner.
    const auto seen = play_and_check("four-card", 4, 5);
    EXPECT_TRUE(seen.hidden_card_known) << "the test never saw a known face-down card, so it checked nothing";
}

TEST(ViewConversion, ASpectatorViewHasNoHiddenCard) {
    const auto rules = std::make_shared<const ruleset>(preset_rules("four-card"));
    hand h(rules, 2, 1, 9);
    random_source random(9);
    const seat_set everyone = 0b11;
    int hidden_seen = 0;  // face-down cards some seat knows and others don't
    for (int step = 0; step < 5000 && !h.over(); ++step) {
        const auto message = to_proto(h.spectator_view(), 1);
        EXPECT_EQ(message.viewer(), -1);
        for (int s = 0; s < message.seats_size(); ++s) {
            for (int i = 0; i < message.seats(s).positions_size(); ++i) {
                const auto& real = h.seat(s).layout[static_cast<std::size_t>(i)];
                if (real.face_up || real.known_by == everyone) continue;
                ++hidden_seen;
                EXPECT_FALSE(message.seats(s).positions(i).has_card()) << "seat " << s << " position " << i;
            }
        }
        if (message.has_held()) {
            EXPECT_TRUE(message.held_from_discard()) << "a card drawn from the stock is private";
        }
        const int actor = h.seats_to_act().front();
        const auto legal = h.legal_actions(actor);
        ASSERT_FALSE(legal.empty());
        ASSERT_EQ(h.apply(actor, legal[random.below(legal.size())]), action_error::none);
    }
    EXPECT_TRUE(h.over());
    EXPECT_GT(hidden_seen, 0) << "no hidden card was ever in play, so nothing was checked";
}

// ---- presets

TEST(PresetConversion, APresetCarriesItsNameSourceSummaryAndEveryRule) {
    for (const auto& p : presets()) {
        const auto message = to_proto(p);
        EXPECT_EQ(message.name(), p.name);
        EXPECT_EQ(message.source(), p.source);
        EXPECT_EQ(message.summary(), p.summary);
        EXPECT_TRUE(MessageDifferencer::Equals(message.rules(), to_proto(p.rules)));
        ruleset rules;
        ASSERT_FALSE(apply_overrides(rules, message.rules()));
        EXPECT_TRUE(rules == p.rules) << p.name;
    }
}

// Reading a HandView back gives the engine's view again, so a client's bot decides from what the seat received.
TEST(ViewConversion, AHandViewReadsBackAsTheEngineView) {
    for (const preset& p : presets()) {
        auto rules = std::make_shared<const ruleset>(p.rules);
        hand h(rules, 3, 0, 77);
        for (int step = 0; step < 400 && !h.over(); ++step) {
            for (int viewer = -1; viewer < 3; ++viewer) {
                const hand_view original = h.view_for(viewer);
                const auto back = to_hand_view(to_proto(original, 1));
                ASSERT_TRUE(back.has_value()) << p.name;
                EXPECT_EQ(back->viewer, original.viewer);
                EXPECT_EQ(back->current_phase, original.current_phase);
                EXPECT_EQ(back->current_seat, original.current_seat);
                EXPECT_EQ(back->held, original.held);
                EXPECT_EQ(back->top_discard, original.top_discard);
                EXPECT_EQ(back->stock_count, original.stock_count);
                EXPECT_EQ(back->caller, original.caller);
                EXPECT_EQ(back->legal, original.legal);
                ASSERT_EQ(back->seats.size(), original.seats.size());
                for (std::size_t s = 0; s < original.seats.size(); ++s)
                    for (std::size_t i = 0; i < original.seats[s].layout.size(); ++i) {
                        EXPECT_EQ(back->seats[s].layout[i].value, original.seats[s].layout[i].value);
                        EXPECT_EQ(back->seats[s].layout[i].known_by, original.seats[s].layout[i].known_by);
                        EXPECT_EQ(back->seats[s].layout[i].face_up, original.seats[s].layout[i].face_up);
                    }
                EXPECT_EQ(back->holding, original.holding);
                EXPECT_EQ(back->offered, original.offered);
                EXPECT_EQ(back->power, original.power);
                for (std::size_t s = 0; s < original.seats.size(); ++s) {
                    EXPECT_EQ(back->seats[s].shields, original.seats[s].shields);
                    EXPECT_EQ(back->seats[s].start_touched, original.seats[s].start_touched);
                }
                EXPECT_EQ(back->result.has_value(), original.result.has_value());
                if (original.result) {
                    EXPECT_EQ(back->result->scores, original.result->scores);
                }
            }
            const int seat = h.seats_to_act().front();
            const auto legal = h.legal_actions(seat);
            ASSERT_EQ(h.apply(seat, legal[static_cast<std::size_t>(step) % legal.size()]), action_error::none);
        }
    }
}

// The rest of Powers' table on the wire: the cards an eight looked at (in their user's message only), shields,
// a two's choices and a power card held in phase power all read back as the engine said them.
TEST(ViewConversion, PowersTableStateTravelsAndReadsBack) {
    auto rules = std::make_shared<const ruleset>(find_preset("powers")->rules);
    golf::random_source random(5);
    bool saw_offered = false, saw_shield = false, saw_second_pick = false, saw_hidden_holding = false;
    for (std::uint64_t seed = 1; seed <= 12; ++seed) {
        hand h(rules, 3, 0, seed);
        for (int step = 0; step < 300 && !h.over(); ++step) {
            for (int viewer = -1; viewer < 3; ++viewer) {
                const hand_view original = h.view_for(viewer);
                const v1::HandView message = to_proto(original, 1);
                EXPECT_EQ(message.offered_size() > 0, viewer == h.current_seat() && !h.offered().empty());
                EXPECT_EQ(message.holding(), h.held().has_value());
                saw_offered |= message.offered_size() > 0;
                saw_shield |= std::any_of(message.seats().begin(), message.seats().end(),
                                          [](const v1::SeatLayout& l) { return l.shields_size() > 0; });
                saw_second_pick |= message.has_power() && message.power().first_pick() > v1::POWER_KIND_NONE;
                saw_hidden_holding |= message.holding() && !message.has_held();
                const auto back = to_hand_view(message);
                ASSERT_TRUE(back.has_value());
                EXPECT_EQ(back->offered, original.offered);
                EXPECT_EQ(back->power, original.power);
                EXPECT_EQ(back->holding, original.holding);
                for (std::size_t s = 0; s < original.seats.size(); ++s) {
                    EXPECT_EQ(back->seats[s].shields, original.seats[s].shields);
                    EXPECT_EQ(back->seats[s].start_touched, original.seats[s].start_touched);
                }
            }
            // Powers whenever they are offered, else anything but a knock, so the powers come round.
            const int seat = h.seats_to_act().front();
            auto legal = h.legal_actions(seat);
            std::erase_if(legal, [](action a) { return a.kind == action_kind::knock; });
            action chosen = legal[random.below(legal.size())];
            for (const action a : legal)
                if (a.kind == action_kind::use_power) chosen = a;
            ASSERT_EQ(h.apply(seat, chosen), action_error::none);
        }
    }
    EXPECT_TRUE(saw_offered);
    EXPECT_TRUE(saw_shield);
    EXPECT_TRUE(saw_second_pick);
    EXPECT_TRUE(saw_hidden_holding);
}

TEST(RulesetConversion, ATablesRulesetReadsBackAsTheEngineRuleset) {
    for (const preset& p : presets()) EXPECT_EQ(to_ruleset(to_proto(p.rules)), p.rules) << p.name;
    v1::Ruleset bad = to_proto(find_preset("six-card")->rules);
    bad.set_rows(99);
    EXPECT_FALSE(to_ruleset(bad).has_value());
}

// ---- events

// Every engine event kind has the protocol kind of the same name.
TEST(EventConversion, EveryEngineKindHasTheProtocolKindOfItsName) {
    const auto* kinds = v1::EventKind_descriptor();
    for (int k = 0; k <= static_cast<int>(event_kind::power_chosen); ++k) {
        const auto* value = kinds->FindValueByNumber(to_proto(static_cast<event_kind>(k)));
        ASSERT_NE(value, nullptr) << "engine event kind " << k << " has no protocol kind";
    }
    EXPECT_EQ(to_proto(event_kind::peeked_at), v1::EVENT_KIND_PEEKED_AT);
    EXPECT_EQ(to_proto(event_kind::stock_reshuffled), v1::EVENT_KIND_STOCK_RESHUFFLED);
}

// A card only the actor saw reaches the actor alone, and not even the actor in a resent log; a public card reaches
// everyone; an event on the actor's own layout names it as the target.
TEST(EventConversion, APrivateCardReachesItsActorAloneAndAPublicOneEveryone) {
    const event peek{event_kind::peeked, 1, 3, 0, std::nullopt, -1, -1, make_card(7, suit::clubs)};
    v1::TableEvent out;
    fill(out, peek, 1, true, 2, 5);
    EXPECT_EQ(out.hole(), 2u);
    EXPECT_EQ(out.index(), 5u);
    EXPECT_EQ(out.kind(), v1::EVENT_KIND_PEEKED);
    EXPECT_EQ(out.seat(), 1);
    EXPECT_EQ(out.target_seat(), 1) << "a peek is on the actor's own layout";
    EXPECT_EQ(out.position(), 3u);
    ASSERT_TRUE(out.has_card());
    EXPECT_TRUE(out.private_card());
    EXPECT_EQ(out.card().rank(), 7u);
    for (const int other : {0, 2, -1}) {
        v1::TableEvent theirs;
        fill(theirs, peek, other, true, 2, 5);
        EXPECT_FALSE(theirs.has_card()) << "viewer " << other;
        EXPECT_FALSE(theirs.private_card());
    }
    v1::TableEvent resent;
    fill(resent, peek, 1, false, 2, 5);
    EXPECT_FALSE(resent.has_card()) << "a memory game's resent log leaves the card out";

    const event thrown{event_kind::thrown, 0, 2, 0, make_card(12, suit::hearts), 3, -1, std::nullopt};
    v1::TableEvent public_card;
    fill(public_card, thrown, -1, false, 1, 0);
    ASSERT_TRUE(public_card.has_card());
    EXPECT_FALSE(public_card.private_card());
    EXPECT_EQ(public_card.target_seat(), 3);
    EXPECT_EQ(public_card.other_seat(), -1);

    // GAVE: position is the place in target_seat's layout, other the giver's own card that went there.
    const event gave{event_kind::gave, 0, 2, 3, std::nullopt, 1, -1, std::nullopt};
    v1::TableEvent given;
    fill(given, gave, 1, true, 1, 0);
    EXPECT_EQ(given.target_seat(), 1);
    EXPECT_EQ(given.position(), 3u);
    EXPECT_EQ(given.other(), 2u);
    // POWER_CHOSEN names a PowerKind, as CHOOSE_POWER's Action does.
    const event chosen{event_kind::power_chosen,
                       0,
                       static_cast<std::uint8_t>(power_kind::peek_own),
                       0,
                       std::nullopt,
                       -1,
                       -1,
                       std::nullopt};
    v1::TableEvent named;
    fill(named, chosen, 0, true, 1, 0);
    EXPECT_EQ(named.position(), static_cast<std::uint32_t>(v1::POWER_KIND_PEEK_OWN));
}

}  // namespace
}  // namespace golf::wire
