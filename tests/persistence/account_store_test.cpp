// Tests every account store passes, run on SQLite and on PostgreSQL: accounts (a taken name refused without a
// change), password changes, sessions (expiry, sliding expiry, signing out one or all but one), API keys (newest
// first, revoked only by their own account, last use recorded), durability, and a read-only store's refusals.
#include <gtest/gtest.h>

#include "persistence/open_store.hpp"
#include "tests/persistence/rated_play.hpp"

namespace golf::persistence {
namespace {

using namespace test_support;

using account_store_test = rated_play;

constexpr std::int64_t now = 1'700'000'000;
constexpr std::int64_t hour = 3600;

TEST_P(account_store_test, an_account_is_created_and_found_by_key_and_id) {
    const auto made = accounts().create_account("Zoë", "zoe", "argon2id$hash", now);
    ASSERT_TRUE(made.has_value());
    EXPECT_GT(made->id, 0);
    EXPECT_EQ(*made, (account_record{made->id, "Zoë", "zoe", "argon2id$hash", now}));
    EXPECT_EQ(accounts().account_by_key("zoe"), made);
    EXPECT_EQ(accounts().account_by_id(made->id), made);
    EXPECT_FALSE(accounts().account_by_key("Zoë").has_value());  // found by its key, never by its name
    EXPECT_FALSE(accounts().account_by_id(made->id + 1).has_value());
    EXPECT_NE(accounts().create_account("Ann", "ann", "h", now)->id, made->id);
}

TEST_P(account_store_test, a_taken_name_key_returns_null_and_changes_nothing) {
    const auto first = accounts().create_account("Zoe", "zoe", "first-hash", now);
    ASSERT_TRUE(first.has_value());
    EXPECT_FALSE(accounts().create_account("Z0E", "zoe", "second-hash", now + 5).has_value());
    EXPECT_EQ(accounts().account_by_key("zoe"), first);
    EXPECT_EQ(query("SELECT COUNT(*) FROM accounts"), "1");
    // The store goes on working after the refusal.
    EXPECT_TRUE(accounts().create_account("Ann", "ann", "h", now).has_value());
}

TEST_P(account_store_test, a_password_change_replaces_the_hash) {
    const auto id = make_account("ann");
    accounts().set_password_hash(id, "new-hash");
    EXPECT_EQ(accounts().account_by_id(id)->password_hash, "new-hash");
}

TEST_P(account_store_test, a_session_signs_in_until_it_expires_and_each_use_slides_its_expiry) {
    const auto id = make_account("ann");
    accounts().add_session(id, "token-1", now, now + hour);
    EXPECT_EQ(accounts().use_session("token-1", now + 10, now + 10 + hour)->id, id);
    // Used at now + 10, it lives until now + 10 + hour: past the first expiry, within the slid one.
    EXPECT_EQ(accounts().use_session("token-1", now + hour + 5, now + 2 * hour + 5)->id, id);
    EXPECT_EQ(query("SELECT expires_at FROM account_sessions WHERE token_hash = 'token-1'"),
              std::to_string(now + 2 * hour + 5));
    EXPECT_FALSE(accounts().use_session("token-1", now + 2 * hour + 5, now + 3 * hour).has_value());  // expired
    EXPECT_EQ(query("SELECT COUNT(*) FROM account_sessions"), "0");                                   // and gone
    EXPECT_FALSE(accounts().use_session("never-issued", now, now + hour).has_value());
}

TEST_P(account_store_test, signing_out_removes_one_session_or_all_but_one) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    for (const char* token : {"a1", "a2", "a3"}) accounts().add_session(ann, token, now, now + hour);
    accounts().add_session(bob, "b1", now, now + hour);

    accounts().remove_session("a1");
    EXPECT_FALSE(accounts().use_session("a1", now, now + hour).has_value());
    EXPECT_TRUE(accounts().use_session("a2", now, now + hour).has_value());

    accounts().remove_sessions(ann, "a3");
    EXPECT_FALSE(accounts().use_session("a2", now, now + hour).has_value());
    EXPECT_EQ(accounts().use_session("a3", now, now + hour)->id, ann);
    EXPECT_EQ(accounts().use_session("b1", now, now + hour)->id, bob);  // another account's stay

    accounts().remove_sessions(ann, "");
    EXPECT_FALSE(accounts().use_session("a3", now, now + hour).has_value());
    EXPECT_EQ(accounts().use_session("b1", now, now + hour)->id, bob);
}

TEST_P(account_store_test, a_new_session_clears_the_accounts_expired_ones) {
    const auto ann = make_account("ann");
    accounts().add_session(ann, "old", now, now + 10);
    accounts().add_session(ann, "new", now + 20, now + 20 + hour);
    EXPECT_EQ(query("SELECT COUNT(*) FROM account_sessions"), "1");
}

TEST_P(account_store_test, api_keys_are_listed_newest_first_and_revoked_only_by_their_account) {
    const auto ann = make_account("ann");
    const auto bob = make_account("bob");
    const auto first = accounts().add_api_key(ann, "key-hash-1", "gk_1a2b", "laptop bot", now);
    const auto second = accounts().add_api_key(ann, "key-hash-2", "gk_9f8e", "server bot", now + 60);
    const auto bobs = accounts().add_api_key(bob, "key-hash-3", "gk_7777", "bob's", now);
    EXPECT_EQ(first, (api_key_record{first.id, ann, "laptop bot", "gk_1a2b", now, 0}));
    EXPECT_EQ(accounts().api_keys(ann), (std::vector<api_key_record>{second, first}));

    EXPECT_FALSE(accounts().revoke_api_key(bob, first.id));  // not bob's
    EXPECT_EQ(accounts().api_keys(ann).size(), 2u);
    EXPECT_TRUE(accounts().revoke_api_key(ann, first.id));
    EXPECT_FALSE(accounts().revoke_api_key(ann, first.id));  // gone already
    EXPECT_EQ(accounts().api_keys(ann), (std::vector<api_key_record>{second}));
    EXPECT_EQ(accounts().api_keys(bob), (std::vector<api_key_record>{bobs}));
    EXPECT_FALSE(accounts().use_api_key("key-hash-1", now).has_value());
}

TEST_P(account_store_test, using_an_api_key_signs_in_and_records_the_use) {
    const auto ann = make_account("ann");
    const auto key = accounts().add_api_key(ann, "key-hash", "gk_1a2b", "bot", now);
    EXPECT_EQ(accounts().api_keys(ann).front().last_used_at, 0);
    const auto signed_in = accounts().use_api_key("key-hash", now + 300);
    ASSERT_TRUE(signed_in.has_value());
    EXPECT_EQ(signed_in->name, "ann");
    EXPECT_EQ(accounts().api_keys(ann).front().last_used_at, now + 300);
    EXPECT_EQ(accounts().api_keys(ann).front().id, key.id);
    EXPECT_FALSE(accounts().use_api_key("other-hash", now).has_value());
}

TEST_P(account_store_test, accounts_sessions_and_keys_survive_reopening) {
    const auto ann = make_account("ann");
    accounts().add_session(ann, "token", now, now + hour);
    accounts().add_api_key(ann, "key-hash", "gk_1a2b", "bot", now);
    store_.reset();
    store_ = open();
    auto& reopened = *store_->accounts();
    EXPECT_EQ(reopened.account_by_key("ann-key")->id, ann);
    EXPECT_EQ(reopened.use_session("token", now, now + hour)->id, ann);
    EXPECT_EQ(reopened.use_api_key("key-hash", now)->id, ann);
}

TEST_P(account_store_test, a_read_only_store_reads_accounts_and_refuses_to_change_them) {
    const auto ann = make_account("ann");
    accounts().add_session(ann, "token", now, now + hour);
    const auto reader = open_store({.db = db(), .read_only = true});
    auto* read_only = reader->accounts();
    ASSERT_NE(read_only, nullptr);
    EXPECT_EQ(read_only->account_by_id(ann)->name, "ann");
    EXPECT_TRUE(read_only->ratings(ann).empty());
    try {
        read_only->create_account("bob", "bob", "h", now);
        ADD_FAILURE() << "a read-only store created an account";
    } catch (const store_error& e) {
        EXPECT_EQ(e.kind(), store_error_kind::read_only);
        EXPECT_NE(std::string(e.what()).find("read-only"), std::string::npos) << e.what();
    }
    EXPECT_THROW(read_only->use_session("token", now, now + hour), store_error);
    EXPECT_EQ(query("SELECT COUNT(*) FROM accounts"), "1");
}

TEST_P(account_store_test, a_session_of_an_unknown_account_is_refused_with_a_store_error) {
    EXPECT_THROW(accounts().add_session(12345, "token", now, now + hour), store_error);
    EXPECT_EQ(query("SELECT COUNT(*) FROM account_sessions"), "0");
}

INSTANTIATE_TEST_SUITE_P(backends, account_store_test, ::testing::Values(backend::sqlite, backend::postgresql),
                         backend_name);

}  // namespace
}  // namespace golf::persistence
