// golf load's bot tables (--bot-tables K): tables played by golf-server's own bots beside the measured tables, so a
// run shows what those bots cost the people at the other tables (docs/PERFORMANCE.md, "Search bots beside people").
// One connection per table, the host's: it creates the table with --seats seats, fills the others with server bots
// of --bot-level, starts the match, plays its own seat with the heuristic bot (cheap here, so this tool's CPU goes
// to the measured tables) and asks for a rematch after each match. Nothing of a bot table is measured; the updates
// its host receives in the window are counted, to show the bots played.
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cli/load/load_connection.hpp"
#include "cli/load/load_driver.hpp"
#include "clients/cpp/golf_client.hpp"
#include "engine/bot.hpp"
#include "engine/random.hpp"
#include "golf/v1/messages.pb.h"
#include "proto/bot_levels.hpp"
#include "proto/convert.hpp"

namespace golf::cli::load {

namespace {

namespace net = boost::asio;

class bot_table_driver final : public connection_owner, public driver {
public:
    bot_table_driver(net::io_context& io, const settings& config, shared_stats& stats, int number, std::uint64_t seed)
        : strand_(net::make_strand(io)),
          config_(config),
          stats_(stats),
          number_(number),
          level_(wire::bot_choice_of(config.bot_level).value_or(wire::bot_choice{})),
          random_(seed) {}

    void start(std::uint64_t& next_source) override {
        host_ = std::make_shared<ws_connection>(
            strand_, config_.where, source_address_for(config_.where.server, next_source++), config_.greet, *this, 0);
        stats_.connecting.fetch_add(1);
        host_->start();
    }

    void abort_all() override {
        net::post(strand_, [this] { host_->abort(); });
    }

    void begin_window(clock_type::time_point, double) override {}

    void on_open(ws_connection& c) override {
        stats_.connecting.fetch_sub(1);
        stats_.open.fetch_add(1);
        open_ = true;
        v1::ClientMessage create;
        v1::CreateTable& t = *create.mutable_create_table();
        t.set_player_name("bots " + std::to_string(number_));
        t.set_preset(config_.preset_name);
        t.set_seats(static_cast<std::uint32_t>(config_.seats));
        if (config_.house_rules) *t.mutable_house_rules() = wire::to_proto(config_.rules);
        send(c, create);
    }

    void on_frame(ws_connection& c, std::string_view frame) override {
        v1::ServerMessage message;
        if (!message.ParseFromArray(frame.data(), static_cast<int>(frame.size())))
            return fail("an undecodable frame from the server");
        switch (message.body_case()) {
            case v1::ServerMessage::kError:
                if (!started_)
                    return fail(std::string(client::error_code_name(message.error().code())) + ": " +
                                message.error().message());
                // The host's move lost a race (a claim after the window): it moves again, without claiming.
                return retry(c);
            case v1::ServerMessage::kTableJoined: return fill_and_start(c);
            case v1::ServerMessage::kTableUpdate: return on_update(c, message.table_update());
            default: return;
        }
    }

    void on_lost(ws_connection&, const std::string& why) override {
        if (open_) stats_.open.fetch_sub(1);
        else stats_.connecting.fetch_sub(1);
        open_ = false;
        if (stats_.stopping.load()) return;
        fail("connection lost: " + why);
    }

private:
    void send(ws_connection& c, v1::ClientMessage& message) {
        message.set_request_id(next_request_++);
        c.send(message.SerializeAsString());
    }

    void fill_and_start(ws_connection& c) {
        for (int s = 1; s < config_.seats; ++s) {
            v1::ClientMessage add;
            add.mutable_add_bot()->set_level(level_.level);
            add.mutable_add_bot()->set_search_budget(level_.search_budget);
            send(c, add);
        }
        v1::ClientMessage start;
        start.mutable_start_match();
        send(c, start);
    }

    void on_update(ws_connection& c, const v1::TableUpdate& u) {
        if (stats_.in_window(clock_type::now())) stats_.bot_table_updates.fetch_add(1, std::memory_order_relaxed);
        if (u.state() == v1::TABLE_STATE_PLAYING && !started_) {
            started_ = true;
            stats_.ready.fetch_add(1);
        }
        if (u.state() == v1::TABLE_STATE_PLAYING) rematch_asked_ = false;
        if (u.state() == v1::TABLE_STATE_FINISHED && !rematch_asked_ && !stats_.stopping.load()) {
            rematch_asked_ = true;
            v1::ClientMessage rematch;
            rematch.mutable_rematch();
            return send(c, rematch);
        }
        if (!client::my_move(u) || u.hand_version() == moved_at_) return;
        view_ = wire::to_hand_view(u.hand());
        if (!view_ || view_->legal.empty()) return fail("a hand view this tool cannot read");
        moved_at_ = u.hand_version();
        retried_ = false;
        act(c, bot_.choose(config_.rules, *view_, random_));
    }

    void retry(ws_connection& c) {
        if (!view_ || retried_) return;
        retried_ = true;
        for (const action a : view_->legal)
            if (a.kind != action_kind::claim) return act(c, a);
    }

    void act(ws_connection& c, action a) {
        v1::ClientMessage message;
        *message.mutable_act()->mutable_action() = wire::to_proto(a);
        message.mutable_act()->set_hand_version(moved_at_);
        send(c, message);
    }

    void fail(const std::string& why) {
        stats_.error("bot table " + std::to_string(number_) + ": " + why);
        if (!started_ && !failed_) stats_.failed.fetch_add(1);
        failed_ = true;
    }

    strand strand_;
    const settings& config_;
    shared_stats& stats_;
    const int number_;
    const wire::bot_choice level_;
    random_source random_;
    heuristic_bot bot_;
    std::shared_ptr<ws_connection> host_;
    std::uint32_t next_request_ = 2;  // 1 is the Hello
    std::uint64_t moved_at_ = 0;      // the hand_version the host last moved at: one move per update
    std::optional<hand_view> view_;   // the host's view at moved_at_
    bool retried_ = false;
    bool open_ = false;
    bool started_ = false;
    bool failed_ = false;
    bool rematch_asked_ = false;
};

}  // namespace

std::unique_ptr<driver> make_bot_table_driver(net::io_context& io, const settings& config, shared_stats& stats,
                                              int number, std::uint64_t seed) {
    return std::make_unique<bot_table_driver>(io, config, stats, number, seed);
}

}  // namespace golf::cli::load
