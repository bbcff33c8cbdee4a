// Roles, sanctions and the moderation log, on SQLite and on PostgreSQL: a role is set and read back; the last
// owner cannot be demoted; sanctions hold until they end or are lifted, and a lifted one cannot be lifted again;
// every change, and only a change, leaves one line in the log; reports queue oldest first and close once; and the
// data lasts a reopening of the store.
#include <gtest/gtest.h>

#include "persistence/moderation_store.hpp"
#include "tests/persistence/rated_play.hpp"

namespace golf::persistence {
namespace {

using namespace test_support;

constexpr std::int64_t now = 1'700'000'000;
constexpr std::int64_t day = 24 * 3600;
const std::string cli = "the command line";

class moderation_store_test : public rated_play {
protected:
    void SetUp() override {
        rated_play::SetUp();
        if (IsSkipped()) return;
        moderation_ = store_->moderation();
        ASSERT_NE(moderation_, nullptr);
    }
    moderation_store& moderation() { return *moderation_; }
    sanction_record sanction(account_id who, sanction_kind kind, std::int64_t expires_at, std::string reason) {
        return moderation().add_sanction({0, who, kind, std::move(reason), now, expires_at, cli, 0, "", ""});
    }

    moderation_store* moderation_ = nullptr;
};

TEST_P(moderation_store_test, a_role_is_set_and_read_back_and_staff_are_listed_highest_first) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto cat = make_account("cat");
    make_account("dan");
    EXPECT_EQ(moderation().role_of(ann), staff_role::player);
    EXPECT_EQ(moderation().set_role(bob, staff_role::moderator, cli, now), role_change::done);
    EXPECT_EQ(moderation().set_role(cat, staff_role::owner, cli, now), role_change::done);
    EXPECT_EQ(moderation().set_role(ann, staff_role::admin, "cat", now + 1), role_change::done);
    EXPECT_EQ(moderation().role_of(ann), staff_role::admin);
    std::vector<std::pair<std::string, staff_role>> listed;
    for (const auto& m : moderation().staff()) listed.emplace_back(m.account.name, m.role);
    EXPECT_EQ(listed, (std::vector<std::pair<std::string, staff_role>>{
                          {"cat", staff_role::owner}, {"ann", staff_role::admin}, {"bob", staff_role::moderator}}));
    EXPECT_EQ(moderation().set_role(9999, staff_role::admin, cli, now), role_change::no_such_account);
}

TEST_P(moderation_store_test, the_last_owner_cannot_be_demoted_and_nothing_changes) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    ASSERT_EQ(moderation().set_role(ann, staff_role::owner, cli, now), role_change::done);
    const auto lines = moderation().moderation_log(100).size();
    EXPECT_EQ(moderation().set_role(ann, staff_role::admin, cli, now), role_change::last_owner);
    EXPECT_EQ(moderation().role_of(ann), staff_role::owner);
    EXPECT_EQ(moderation().moderation_log(100).size(), lines) << "a refused change is not logged";
    ASSERT_EQ(moderation().set_role(bob, staff_role::owner, cli, now), role_change::done);
    EXPECT_EQ(moderation().set_role(ann, staff_role::player, "bob", now), role_change::done);  // another owner left
    EXPECT_EQ(moderation().set_role(bob, staff_role::moderator, cli, now), role_change::last_owner);
}

TEST_P(moderation_store_test, a_sanction_holds_until_it_ends_or_is_lifted_once) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto mute = sanction(ann, sanction_kind::mute, now + day, "spamming the chat");
    const auto ban = sanction(ann, sanction_kind::ban, 0, "cheating");
    sanction(bob, sanction_kind::public_ban, now + 2 * day, "leaving matches");
    EXPECT_GT(mute.id, 0);
    EXPECT_NE(ban.id, mute.id);
    EXPECT_EQ(moderation().active_sanctions(ann, now + 10), (std::vector<sanction_record>{mute, ban}));
    EXPECT_EQ(moderation().active_sanctions(ann, now + day), (std::vector<sanction_record>{ban})) << "the mute ended";

    const auto lifted = moderation().lift_sanction(ban.id, "bob", now + 20);
    ASSERT_TRUE(lifted.has_value());
    EXPECT_EQ(lifted->lifted_at, now + 20);
    EXPECT_EQ(lifted->lifted_by, "bob");
    EXPECT_FALSE(moderation().lift_sanction(ban.id, "bob", now + 30).has_value()) << "lifted once";
    EXPECT_FALSE(moderation().lift_sanction(mute.id, "bob", now + day + 1).has_value()) << "an ended one";
    EXPECT_FALSE(moderation().lift_sanction(123456, "bob", now).has_value());
    EXPECT_EQ(moderation().active_sanctions(ann, now + 30), (std::vector<sanction_record>{mute}));

    const auto anns = moderation().sanctions(ann, 10);
    ASSERT_EQ(anns.size(), 2u);
    EXPECT_EQ(anns[0].id, ban.id) << "newest first";
    EXPECT_EQ(anns[0].lifted_by, "bob");
    EXPECT_EQ(moderation().sanctions(0, 10).size(), 3u);
    EXPECT_EQ(moderation().sanctions(0, 1).size(), 1u);

    // Every node reads the sanctions given after the last one it enforced, oldest first, lifted ones too.
    const auto after_mute = moderation().sanctions_after(mute.id, 10);
    ASSERT_EQ(after_mute.size(), 2u);
    EXPECT_EQ(after_mute[0], *lifted);
    EXPECT_EQ(after_mute[1].account, bob);
    EXPECT_EQ(moderation().sanctions_after(0, 1), (std::vector<sanction_record>{mute})) << "at most the limit";
    EXPECT_TRUE(moderation().sanctions_after(after_mute[1].id, 10).empty());
}

TEST_P(moderation_store_test, every_change_leaves_one_line_in_the_log_and_everything_lasts_a_reopening) {
    const auto ann = make_account("ann");
    moderation().set_role(ann, staff_role::moderator, cli, now);
    const auto mute = sanction(ann, sanction_kind::mute, now + day, "spam");
    moderation().lift_sanction(mute.id, "bob", now + 5);
    store_.reset();
    store_ = open();
    moderation_ = store_->moderation();
    const auto log = moderation().moderation_log(10);
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ((std::vector<std::string>{log[0].action, log[1].action, log[2].action}),
              (std::vector<std::string>{"lift", "mute", "role"}));
    EXPECT_EQ(log[0].actor, "bob");
    EXPECT_EQ(log[0].target, "ann");
    EXPECT_EQ(log[1].detail, "sanction " + std::to_string(mute.id) + ", until " + utc_minute(now + day) + ": spam");
    EXPECT_EQ(log[2].detail, "moderator");
    EXPECT_EQ(moderation().role_of(ann), staff_role::moderator);
    EXPECT_EQ(moderation().sanctions(ann, 10).size(), 1u);
}

// Staff actions that change nothing else (a table ended, an announcement) are logged alone, and every node reads
// the announcements after the last one it relayed, oldest first.
TEST_P(moderation_store_test, announcements_are_logged_and_read_after_a_line_in_order) {
    const auto first = moderation().add_log_line({0, now, "Moe", "announce", "every table", "restart at noon"});
    const auto ended = moderation().add_log_line({0, now + 1, "Moe", "end_table", "K7QX2M", "stuck"});
    const auto second = moderation().add_log_line({0, now + 2, "Ann", "announce", "every table", "back"});
    EXPECT_LT(first, ended);
    EXPECT_LT(ended, second);
    const auto all = moderation().log_after(0, "announce", 10);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].detail, "restart at noon");
    EXPECT_EQ(all[1].actor, "Ann");
    const auto later = moderation().log_after(first, "announce", 10);
    ASSERT_EQ(later.size(), 1u);
    EXPECT_EQ(later[0].id, second);
    EXPECT_TRUE(moderation().log_after(second, "announce", 10).empty());
    EXPECT_EQ(moderation().log_after(0, "announce", 1).size(), 1u) << "at most the limit";
    EXPECT_EQ(moderation().moderation_log(1)[0].action, "announce");
}

TEST_P(moderation_store_test, reports_queue_oldest_first_close_once_and_closing_is_logged) {
    const auto ann = make_account("ann");
    const auto report = [&](std::string reporter, report_reason reason, std::int64_t at) {
        report_record r{};
        r.created_at = at;
        r.reporter = std::move(reporter);
        r.reporter_account = ann;
        r.reported = "Rude Guest";
        r.reason = reason;
        r.text = "kept calling us names";
        r.table_code = "ABC123";
        r.match_id = 7;
        r.hole = 2;
        r.chat = "12:00:01 Rude Guest: you all stink\n12:00:05 ann: please stop";
        return r;
    };
    const auto first = moderation().add_report(report("ann", report_reason::chat, now));
    const auto second = moderation().add_report(report("Guest 2", report_reason::conduct, now + 1));
    const auto lines = moderation().moderation_log(100).size();
    EXPECT_EQ(lines, 0u) << "filing a report is not a staff action";
    auto queue = moderation().reports(false, 10);
    ASSERT_EQ(queue.size(), 2u);
    EXPECT_EQ(queue[0].id, first);
    auto expected = report("ann", report_reason::chat, now);
    expected.id = first;
    EXPECT_EQ(queue[0], expected) << "every field read back as filed";

    const auto closed = moderation().close_report(first, "bob", "muted for a day", now + 60);
    ASSERT_TRUE(closed.has_value());
    EXPECT_EQ(closed->closed_at, now + 60);
    EXPECT_EQ(closed->closed_by, "bob");
    EXPECT_FALSE(moderation().close_report(first, "bob", "again", now + 61)) << "a closed report closes once";
    EXPECT_FALSE(moderation().close_report(9999, "bob", "no such", now + 61));
    queue = moderation().reports(false, 10);
    ASSERT_EQ(queue.size(), 1u);
    EXPECT_EQ(queue[0].id, second);
    const auto all = moderation().reports(true, 10);
    ASSERT_EQ(all.size(), 2u);
    EXPECT_EQ(all[0].id, second) << "the open queue first";
    EXPECT_EQ(all[1].resolution, "muted for a day");
    const auto log = moderation().moderation_log(10);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log[0].action, "close_report");
    EXPECT_EQ(log[0].target, "Rude Guest");
    EXPECT_EQ(log[0].detail, "report " + std::to_string(first) + " (chat, by ann): muted for a day");
}

INSTANTIATE_TEST_SUITE_P(backends, moderation_store_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         backend_name);

}  // namespace
}  // namespace golf::persistence
