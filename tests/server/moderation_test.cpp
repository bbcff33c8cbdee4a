// Sanctions over real sockets, on SQLite and on PostgreSQL (persistence/moderation_store.hpp,
// server/accounts/sanction_rules.hpp): given from the host's side of the database while the server runs, each
// holds at the next request without a restart, says why and until when, and lifting it is one change. A mute
// stops an account's chat and nobody else's; a ban from public play keeps it from public tables and quick play
// and nowhere else; a ban keeps it from signing in (token or password) and, still connected, from sitting down.
// Staff do the same over the protocol: moderators give, list and lift sanctions and read the log; admins make
// moderators; owners give every role; players and guests are refused and nothing changes.
#include <gtest/gtest.h>

#include <ctime>
#include <memory>
#include <optional>
#include <string>

#include "clients/cpp/golf_client.hpp"
#include "persistence/moderation_store.hpp"
#include "persistence/open_store.hpp"
#include "tests/server/account_requests.hpp"
#include "tests/server/backends.hpp"
#include "tests/server/e2e_support.hpp"

namespace moderation_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

using namespace std::chrono_literals;
using namespace golf::server::testing::account_requests;
using golf::persistence::sanction_kind;
using golf::persistence::sanction_record;
using golf::server::e2e::running_server;
using golf::server::testing::backend;
namespace v1 = golf::v1;

using ModerationOn = golf::server::testing::on_each_backend;

const std::string password = "correct horse battery staple";

std::int64_t unix_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

v1::SignedIn register_on(golf::client::connection& c, const std::string& name) {
    const v1::ServerMessage reply = c.request(register_as(name, password));
    EXPECT_TRUE(reply.has_signed_in()) << describe(reply);
    return reply.signed_in();
}

v1::ClientMessage chat(const std::string& text) {
    v1::ClientMessage m;
    m.mutable_send_chat()->set_text(text);
    return m;
}

// The moderation store as a host's terminal (golf admin) opens it, beside the running server.
class host_side {
public:
    explicit host_side(const std::string& db) : store_(golf::persistence::open_store({.db = db})) {}
    sanction_record give(std::int64_t account, sanction_kind kind, std::int64_t seconds, const std::string& why) {
        const std::int64_t now = unix_now();
        return store_->moderation()->add_sanction(
            {0, account, kind, why, now, seconds == 0 ? 0 : now + seconds, "the command line", 0, "", ""});
    }
    void grant(std::int64_t account, golf::persistence::staff_role role) {
        ASSERT_EQ(store_->moderation()->set_role(account, role, "the command line", unix_now()),
                  golf::persistence::role_change::done);
    }
    void lift(const sanction_record& s) {
        ASSERT_TRUE(store_->moderation()->lift_sanction(s.id, "the command line", unix_now()).has_value());
    }

private:
    std::shared_ptr<golf::persistence::match_store> store_;
};

TEST_P(ModerationOn, AMuteStopsAnAccountsChatAtOnceAndLiftingItLetsItChatAgain) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const auto account = register_on(*ann, "Ann").account().id();
    const auto created = ann->request(create_table("", "six-card", 2));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    auto bob = connect_to(server.url());
    bob->join(created.table_joined().code(), "Bob");
    EXPECT_FALSE(ann->request(chat("before")).has_error());

    host_side host(db());
    const auto mute = host.give(account, sanction_kind::mute, 3600, "spamming the chat");
    const auto refused = ann->request(chat("during"));
    EXPECT_EQ(error_of(refused), v1::ERROR_CODE_MUTED) << describe(refused);
    EXPECT_EQ(refused.error().message(),
              "you may not chat until " + golf::persistence::utc_minute(mute.expires_at) + ": spamming the chat");
    EXPECT_FALSE(bob->request(chat("a guest's line")).has_error()) << "nobody else is held up";

    host.lift(mute);
    EXPECT_FALSE(ann->request(chat("after")).has_error());
}

TEST_P(ModerationOn, ABanKeepsAnAccountFromSigningInAndSittingDownAndAPublicBanOnlyFromPublicPlay) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const auto in = register_on(*ann, "Ann");
    host_side host(db());

    host.give(in.account().id(), sanction_kind::public_ban, 24 * 3600, "leaving matches");
    const auto public_table = ann->request(create_table("", "six-card", 2, /*is_public=*/true));
    EXPECT_EQ(error_of(public_table), v1::ERROR_CODE_BANNED) << describe(public_table);
    EXPECT_TRUE(public_table.error().message().starts_with("you may not play at public tables or in quick play until"))
        << public_table.error().message();
    EXPECT_EQ(error_of(ann->request(quick_play("six-card", 2, ""))), v1::ERROR_CODE_BANNED);
    auto bob = connect_to(server.url());
    const auto bobs = bob->request(create_table("Bob", "six-card", 3, /*is_public=*/true));
    ASSERT_TRUE(bobs.has_table_joined()) << describe(bobs);
    EXPECT_EQ(error_of(ann->request(join_table(bobs.table_joined().code(), ""))), v1::ERROR_CODE_BANNED);
    const auto private_table = ann->request(create_table("", "six-card", 2));
    EXPECT_TRUE(private_table.has_table_joined()) << "a private table is still open to it: " << describe(private_table);

    const auto ban = host.give(in.account().id(), sanction_kind::ban, 0, "cheating");
    auto again = connect_to(server.url());
    const auto by_token = again->request(sign_in_with_token(in.session_token()));
    EXPECT_EQ(error_of(by_token), v1::ERROR_CODE_BANNED) << describe(by_token);
    EXPECT_EQ(by_token.error().message(), "this account is banned: cheating");
    EXPECT_EQ(error_of(again->request(sign_in("Ann", password))), v1::ERROR_CODE_BANNED);
    EXPECT_EQ(error_of(again->request(list_api_keys())), v1::ERROR_CODE_NOT_SIGNED_IN) << "no sign-in was made";
    auto still = connect_to(server.url());
    EXPECT_TRUE(still->request(sign_in_with_token(in.session_token())).has_error());
    EXPECT_EQ(error_of(ann->request(chat("still here?"))), v1::ERROR_CODE_BANNED) << "signed in before: no chat";

    host.lift(ban);
    EXPECT_TRUE(again->request(sign_in("Ann", password)).has_signed_in()) << "lifting it is one change";
}

v1::ClientMessage give(const std::string& name, v1::SanctionKind kind, std::uint32_t minutes, const std::string& why) {
    v1::ClientMessage m;
    m.mutable_give_sanction()->set_name(name);
    m.mutable_give_sanction()->set_kind(kind);
    m.mutable_give_sanction()->set_minutes(minutes);
    m.mutable_give_sanction()->set_reason(why);
    return m;
}

v1::ClientMessage set_role(const std::string& name, v1::StaffRole role) {
    v1::ClientMessage m;
    m.mutable_set_role()->set_name(name);
    m.mutable_set_role()->set_role(role);
    return m;
}

TEST_P(ModerationOn, StaffSanctionOverTheProtocolAndGiveRolesByRankAndOthersAreRefused) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    const auto ann_in = register_on(*ann, "Ann");
    auto mod = connect_to(server.url());
    const auto mod_in = register_on(*mod, "Moe");
    auto boss = connect_to(server.url());
    const auto boss_in = register_on(*boss, "Boss");
    host_side host(db());
    const auto refused = [](const v1::ServerMessage& reply, v1::ErrorCode expected, const std::string& words) {
        EXPECT_EQ(error_of(reply), expected) << describe(reply);
        EXPECT_NE(reply.error().message().find(words), std::string::npos) << describe(reply);
    };

    // A player may do none of it.
    refused(ann->request(give("Moe", v1::SANCTION_KIND_MUTE, 60, "x")), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    v1::ClientMessage log;
    log.mutable_get_moderation_log();
    refused(ann->request(log), v1::ERROR_CODE_NOT_STAFF, "only moderators");
    refused(ann->request(set_role("Ann", v1::STAFF_ROLE_OWNER)), v1::ERROR_CODE_NOT_STAFF, "only moderators");

    host.grant(mod_in.account().id(), golf::persistence::staff_role::moderator);
    refused(mod->request(give("Moe", v1::SANCTION_KIND_MUTE, 60, "x")), v1::ERROR_CODE_BAD_REQUEST, "yourself");
    refused(mod->request(give("Nobody", v1::SANCTION_KIND_MUTE, 60, "x")), v1::ERROR_CODE_NO_SUCH_PLAYER, "Nobody");
    refused(mod->request(give("Ann", v1::SANCTION_KIND_UNSPECIFIED, 60, "x")), v1::ERROR_CODE_BAD_REQUEST, "which");
    refused(mod->request(give("Ann", v1::SANCTION_KIND_MUTE, 60, "")), v1::ERROR_CODE_BAD_REQUEST, "say why");
    refused(mod->request(give("Ann", v1::SANCTION_KIND_MUTE, 6'000'000, "x")), v1::ERROR_CODE_BAD_REQUEST, "ten years");
    EXPECT_EQ(query("SELECT COUNT(*) FROM sanctions"), "0") << "nothing given by a refusal";

    const auto given = mod->request(give("Ann", v1::SANCTION_KIND_MUTE, 60, "spamming the chat"));
    ASSERT_EQ(given.sanctions().sanctions_size(), 1) << describe(given);
    const auto& mute = given.sanctions().sanctions(0);
    EXPECT_EQ(mute.given_by(), "Moe");
    EXPECT_TRUE(mute.in_force());
    EXPECT_EQ(mute.expires_unix_s() - mute.created_unix_s(), 3600);
    EXPECT_EQ(error_of(ann->request(chat("hello"))), v1::ERROR_CODE_MUTED) << "the mute holds at once";
    v1::ClientMessage list;
    list.mutable_list_sanctions()->set_name("Ann");
    EXPECT_EQ(mod->request(list).sanctions().sanctions(0).reason(), "spamming the chat");
    v1::ClientMessage lift;
    lift.mutable_lift_sanction()->set_id(mute.id());
    EXPECT_FALSE(mod->request(lift).has_error());
    refused(mod->request(lift), v1::ERROR_CODE_BAD_REQUEST, "in force");
    EXPECT_FALSE(mod->request(list).sanctions().sanctions(0).in_force());
    const auto lines = mod->request(log);
    ASSERT_EQ(lines.moderation_log().lines_size(), 3) << describe(lines);  // role, mute, lift
    EXPECT_EQ(lines.moderation_log().lines(0).action(), "lift");
    EXPECT_EQ(lines.moderation_log().lines(0).actor(), "Moe");

    // Roles by rank: a moderator gives none; an admin makes moderators only; an owner gives any.
    refused(mod->request(set_role("Ann", v1::STAFF_ROLE_MODERATOR)), v1::ERROR_CODE_NOT_STAFF, "admins and owners");
    host.grant(boss_in.account().id(), golf::persistence::staff_role::admin);
    refused(mod->request(give("Boss", v1::SANCTION_KIND_MUTE, 60, "x")), v1::ERROR_CODE_BAD_REQUEST, "has a role");
    EXPECT_FALSE(boss->request(set_role("Ann", v1::STAFF_ROLE_MODERATOR)).has_error());
    refused(boss->request(set_role("Ann", v1::STAFF_ROLE_ADMIN)), v1::ERROR_CODE_NOT_STAFF, "ask an owner");
    host.grant(boss_in.account().id(), golf::persistence::staff_role::owner);
    EXPECT_FALSE(boss->request(set_role("Ann", v1::STAFF_ROLE_ADMIN)).has_error());
    refused(boss->request(set_role("Boss", v1::STAFF_ROLE_PLAYER)), v1::ERROR_CODE_BAD_REQUEST, "last owner");
    refused(boss->request(set_role("Ann", v1::STAFF_ROLE_UNSPECIFIED)), v1::ERROR_CODE_BAD_REQUEST, "which role");
    EXPECT_EQ(query("SELECT role FROM accounts WHERE name = 'Ann'"), "admin");
    EXPECT_EQ(query("SELECT role FROM accounts WHERE name = 'Boss'"), "owner");
}

// A guest has no account: staff sanction the guests at a reported guest's address, by the report, never reading
// the address. It holds for guests there (chat, sitting down) and not for accounts signed in from it.
TEST_P(ModerationOn, TheGuestsAtAReportedGuestsAddressAreMutedAndBannedByTheReportAndAccountsThereAreNot) {
    running_server server(1s, db());
    auto ann = connect_to(server.url());
    register_on(*ann, "Ann");
    const auto created = ann->request(create_table("", "six-card", 4));
    ASSERT_TRUE(created.has_table_joined()) << describe(created);
    const std::string code = created.table_joined().code();
    auto rude = connect_to(server.url());
    rude->join(code, "Rude");
    ASSERT_FALSE(rude->request(chat("rude words")).has_error());
    v1::ClientMessage report;
    report.mutable_report()->set_seat(1);
    report.mutable_report()->set_reason(v1::REPORT_REASON_CHAT);
    ASSERT_FALSE(ann->request(report).has_error());
    report.mutable_report()->set_seat(0);
    ASSERT_FALSE(rude->request(report).has_error()) << "a report about Ann's account";
    auto moe = connect_to(server.url());
    host_side(db()).grant(register_on(*moe, "Moe").account().id(), golf::persistence::staff_role::moderator);
    v1::ClientMessage list;
    list.mutable_list_reports();
    const auto listed = moe->request(list);
    ASSERT_EQ(listed.reports().reports_size(), 2) << describe(listed);
    EXPECT_EQ(listed.DebugString().find("127.0.0.1"), std::string::npos) << "staff never read the address";
    const std::uint64_t about_rude = listed.reports().reports(0).id();
    const std::uint64_t about_ann = listed.reports().reports(1).id();

    const auto give = [&](std::uint64_t report_id, v1::SanctionKind kind, const std::string& name = {}) {
        v1::ClientMessage m;
        m.mutable_give_sanction()->set_report_id(report_id);
        m.mutable_give_sanction()->set_name(name);
        m.mutable_give_sanction()->set_kind(kind);
        m.mutable_give_sanction()->set_reason("rude in chat");
        return moe->request(m);
    };
    // Refused, nothing given.
    EXPECT_EQ(error_of(give(about_ann, v1::SANCTION_KIND_MUTE)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(give(999, v1::SANCTION_KIND_MUTE)), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(error_of(give(about_rude, v1::SANCTION_KIND_MUTE, "Ann")), v1::ERROR_CODE_BAD_REQUEST);
    EXPECT_EQ(query("SELECT COUNT(*) FROM sanctions"), "0");

    const auto muted = give(about_rude, v1::SANCTION_KIND_MUTE);
    ASSERT_TRUE(muted.has_sanctions()) << describe(muted);
    EXPECT_EQ(muted.sanctions().sanctions(0).name(), "guests at 127.0.0.x");
    const auto quiet = rude->request(chat("more rude words"));
    EXPECT_EQ(error_of(quiet), v1::ERROR_CODE_MUTED) << describe(quiet);
    EXPECT_NE(quiet.error().message().find("guests from your address may not chat"), std::string::npos);
    EXPECT_FALSE(ann->request(chat("an account here still chats")).has_error());

    const auto banned = give(about_rude, v1::SANCTION_KIND_BAN);
    ASSERT_TRUE(banned.has_sanctions()) << describe(banned);
    auto another = connect_to(server.url());
    const auto refused = another->request(join_table(code, "Another"));
    EXPECT_EQ(error_of(refused), v1::ERROR_CODE_BANNED) << describe(refused);
    EXPECT_NE(refused.error().message().find("rude in chat"), std::string::npos);
    auto bob = connect_to(server.url());
    register_on(*bob, "Bob");
    EXPECT_TRUE(bob->request(join_table(code, "")).has_table_joined()) << "an account at that address sits down";

    v1::ClientMessage all;
    all.mutable_list_sanctions();
    const auto given = moe->request(all);
    ASSERT_EQ(given.sanctions().sanctions_size(), 2);
    EXPECT_EQ(given.sanctions().sanctions(0).name(), "guests at 127.0.0.x");
    for (const auto& s : given.sanctions().sanctions()) {
        v1::ClientMessage lift;
        lift.mutable_lift_sanction()->set_id(s.id());
        EXPECT_FALSE(moe->request(lift).has_error());
    }
    EXPECT_TRUE(another->request(join_table(code, "Another")).has_table_joined()) << "lifted: guests sit down again";
    EXPECT_EQ(query("SELECT COUNT(*) FROM moderation_log WHERE target = 'guests at 127.0.0.x'"), "4");
}

// The RemovedFromTable pushed to `c` within `wait`, if one comes.
std::optional<v1::RemovedFromTable> removal_told(golf::client::connection& c, std::chrono::milliseconds wait = 5000ms) {
    const auto told = next_where(
        c, [](const v1::ServerMessage& m) { return m.has_removed(); }, wait);
    return told ? std::optional(told->removed()) : std::nullopt;
}

// A ban given while its person sits at a table (here from the command line, as a host's terminal does) takes the
// seat within a moderation round: the person is told why and until when, a bot plays the seat mid-match, the
// others read that a moderator removed them. A ban from public play takes seats at public tables only.
TEST_P(ModerationOn, ABanGivenWhileSeatedTakesTheSeatAndABanFromPublicPlayOnlyAtPublicTables) {
    running_server server(1s, db());
    host_side host(db());
    auto bob = connect_to(server.url());
    const auto made = bob->request(create_table("Bob", "six-card", 3, /*is_public=*/true, 2));
    ASSERT_TRUE(made.has_table_joined()) << describe(made);
    const std::string code = made.table_joined().code();
    auto ann = connect_to(server.url());
    const auto ann_id = register_on(*ann, "Ann").account().id();
    ASSERT_TRUE(ann->request(join_table(code, "")).has_table_joined());
    bob->add_bot();
    bob->start_match();
    auto dee = connect_to(server.url());
    const auto dee_id = register_on(*dee, "Dee").account().id();
    ASSERT_TRUE(dee->request(create_table("", "six-card", 2)).has_table_joined());

    host.give(dee_id, sanction_kind::mute, 3600, "shouting");
    host.give(dee_id, sanction_kind::public_ban, 3600, "leaving matches");
    const auto ann_ban = host.give(ann_id, sanction_kind::public_ban, 3600, "leaving matches");
    const auto told = removal_told(*ann);
    ASSERT_TRUE(told.has_value()) << "Ann's seat at a public table is taken";
    EXPECT_EQ(told->code(), code);
    EXPECT_TRUE(told->banned());
    EXPECT_EQ(told->reason(), "leaving matches");
    EXPECT_EQ(told->ban_ends_unix_s(), ann_ban.expires_at);
    const v1::TableUpdate after = bob->wait_until([](const v1::TableUpdate& u) { return u.seats(1).open(); });
    EXPECT_TRUE(after.seats(1).bot_standing_in()) << "the match goes on";
    EXPECT_EQ(after.note(), "Ann was removed from the table by a moderator; a bot plays the seat until someone joins");
    EXPECT_FALSE(removal_told(*dee, 500ms).has_value()) << "a mute and a public ban leave a private table alone";

    host.give(dee_id, sanction_kind::ban, 0, "cheating");
    const auto dee_told = removal_told(*dee);
    ASSERT_TRUE(dee_told.has_value()) << "a ban takes any seat";
    EXPECT_EQ(dee_told->reason(), "cheating");
    EXPECT_EQ(dee_told->ban_ends_unix_s(), 0) << "until lifted";

    // Guests at an address: Bob is one, at 127.0.0.1.
    const std::int64_t now = unix_now();
    golf::persistence::open_store({.db = db()})
        ->moderation()
        ->add_sanction({0, 0, sanction_kind::ban, "spam", now, now + 3600, "the command line", 0, "", "127.0.0.1"});
    const auto bob_told = removal_told(*bob);
    ASSERT_TRUE(bob_told.has_value()) << "a guests' ban takes the seats of guests at that address";
    EXPECT_TRUE(bob_told->banned());
}

INSTANTIATE_TEST_SUITE_P(every_backend, ModerationOn, ::testing::Values(backend::sqlite, backend::postgresql),
                         golf::server::testing::backend_name);

}  // namespace
}  // namespace moderation_tests
