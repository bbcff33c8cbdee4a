// Accounts and the matches they play, recorded through a store the way the server records them, for the account
// and rating tests of every backend: a fixture over any_store with the store's account store at hand, seats of
// accounts, guests and bots, and SQL run behind the store's back (to alter what the rebuild must restore).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <sqlite3.h>

#include "persistence/account_store.hpp"
#include "tests/persistence/any_store.hpp"
#include "tests/persistence/sample_records.hpp"

namespace golf::persistence::test_support {

inline seat_record account_seat(int seat, const std::string& name, account_id account) {
    return {seat, name, "hash-" + name, "", account};
}
inline seat_record guest_seat(int seat, const std::string& name) { return {seat, name, "hash-" + name, "", 0}; }
inline seat_record bot_seat(int seat, const std::string& name) { return {seat, name, "", "heuristic", 0}; }

class rated_play : public any_store {
protected:
    void SetUp() override {
        any_store::SetUp();
        if (IsSkipped()) return;
        store_ = open();
        accounts_ = store_->accounts();
        ASSERT_NE(accounts_, nullptr);
    }

    account_store& accounts() { return *accounts_; }

    account_id make_account(const std::string& name) {
        const auto made = accounts_->create_account(name, name + "-key", "argon2id-of-" + name, 1'700'000'000);
        EXPECT_TRUE(made.has_value()) << name;
        return made ? made->id : 0;
    }

    // A match of `preset` with these seats, finished at `ended_at` with these totals (or abandoned), and written.
    match_id play(const std::string& preset, std::vector<seat_record> seats, std::vector<int> totals,
                  std::int64_t ended_at, bool abandoned = false) {
        const auto id = store_->start_match({"", preset, preset_rules_text(preset), std::move(seats), ended_at - 600});
        store_->finish_match({id, ended_at, std::nullopt, std::move(totals), abandoned});
        EXPECT_TRUE(store_->flush(flush_limit));
        EXPECT_EQ(store_->health().dropped, 0u) << store_->health().last_error;
        return id;
    }

    std::optional<rating_record> rating_of(account_id account, const std::string& preset) {
        for (auto& r : accounts_->ratings(account))
            if (r.preset == preset) return r;
        return std::nullopt;
    }

    // Changes the database behind the store's back.
    void execute(const std::string& sql) const {
        if (postgres()) {
            pg_->run(sql);
            return;
        }
        sqlite3* db = nullptr;
        ASSERT_EQ(sqlite3_open((dir_ / "golf.db").c_str(), &db), SQLITE_OK);
        sqlite3_busy_timeout(db, 5000);
        char* error = nullptr;
        const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error);
        const std::string message = error != nullptr ? error : "";
        sqlite3_free(error);
        sqlite3_close(db);
        ASSERT_EQ(rc, SQLITE_OK) << message;
    }

    std::unique_ptr<match_store> store_;
    account_store* accounts_ = nullptr;
};

}  // namespace golf::persistence::test_support
