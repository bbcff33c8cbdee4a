// parse_config: every flag in both spellings, every environment variable, flags winning over variables, and a
// clear message with exit status 2 for every kind of bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <string>
#include <thread>
#include <vector>

#include "server/config.hpp"

namespace golf::server {
namespace config_tests {  // its own scope: CMake compiles these files together (UNITY_BUILD)
namespace {

struct fake_environment {
    std::map<std::string, std::string> values;
    const char* operator()(const char* name) const {
        const auto found = values.find(name);
        return found == values.end() ? nullptr : found->second.c_str();
    }
};

config_result parse(std::initializer_list<const char*> args, fake_environment env = {}) {
    std::vector<const char*> argv{"golf-server"};
    argv.insert(argv.end(), args.begin(), args.end());
    return parse_config(static_cast<int>(argv.size()), argv.data(), env);
}

server_config parse_ok(std::initializer_list<const char*> args, fake_environment env = {}) {
    const config_result result = parse(args, std::move(env));
    EXPECT_TRUE(result.config) << result.message;
    EXPECT_EQ(result.exit_code, 0);
    return result.config.value_or(server_config{});
}

void expect_error(const config_result& result, const std::string& message) {
    EXPECT_FALSE(result.config);
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_EQ(result.message, message);
}

TEST(Config, DefaultsWithoutFlagsOrEnvironment) {
    const server_config c = parse_ok({});
    EXPECT_EQ(c.host, "0.0.0.0");
    EXPECT_EQ(c.port, 8080);
    EXPECT_EQ(c.db, "golf.db");
    EXPECT_EQ(c.log_level, "info");
    EXPECT_EQ(c.seat_grace, std::chrono::seconds(120));
    EXPECT_EQ(c.bot_delay, std::chrono::milliseconds(400));
    EXPECT_EQ(c.between_holes, std::chrono::milliseconds(60000));  // a minute to read a hole's review
    EXPECT_EQ(c.max_connections_per_address, 256);
    EXPECT_EQ(c.db_move_delay, std::chrono::milliseconds(20));
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    EXPECT_EQ(c.threads, std::clamp(hardware, 1, 256));
    EXPECT_EQ(c.bot_threads, std::max(1, std::clamp(hardware, 1, 256) / 2));
}

TEST(Config, EveryFlagWithASeparateValue) {
    const server_config c = parse_ok({"--host",
                                      "127.0.0.1",
                                      "--port",
                                      "9000",
                                      "--db",
                                      "/tmp/x.db",
                                      "--threads",
                                      "3",
                                      "--log-level",
                                      "debug",
                                      "--seat-grace",
                                      "30",
                                      "--bot-delay-ms",
                                      "0",
                                      "--between-holes-ms",
                                      "250",
                                      "--max-per-address",
                                      "4",
                                      "--db-move-delay-ms",
                                      "0",
                                      "--db-connect-retry-s",
                                      "5",
                                      "--bot-threads",
                                      "3"});
    EXPECT_EQ(c.host, "127.0.0.1");
    EXPECT_EQ(c.port, 9000);
    EXPECT_EQ(c.db, "/tmp/x.db");
    EXPECT_EQ(c.threads, 3);
    EXPECT_EQ(c.log_level, "debug");
    EXPECT_EQ(c.seat_grace, std::chrono::seconds(30));
    EXPECT_EQ(c.bot_delay, std::chrono::milliseconds(0));
    EXPECT_EQ(c.between_holes, std::chrono::milliseconds(250));
    EXPECT_EQ(c.max_connections_per_address, 4);
    EXPECT_EQ(c.db_move_delay, std::chrono::milliseconds(0));
    EXPECT_EQ(c.db_connect_retry, std::chrono::seconds(5));
    EXPECT_EQ(c.bot_threads, 3);
}

TEST(Config, EveryFlagWithAnEqualsSign) {
    const server_config c =
        parse_ok({"--host=::1", "--port=0", "--db=a.db", "--threads=256", "--log-level=off", "--seat-grace=0",
                  "--bot-delay-ms=60000", "--between-holes-ms=600000", "--max-per-address=1",
                  "--db-move-delay-ms=10000", "--db-connect-retry-s=3600", "--bot-threads=256"});
    EXPECT_EQ(c.host, "::1");
    EXPECT_EQ(c.port, 0);
    EXPECT_EQ(c.db, "a.db");
    EXPECT_EQ(c.threads, 256);
    EXPECT_EQ(c.log_level, "off");
    EXPECT_EQ(c.seat_grace, std::chrono::seconds(0));
    EXPECT_EQ(c.bot_delay, std::chrono::milliseconds(60000));
    EXPECT_EQ(c.between_holes, std::chrono::milliseconds(600000));
    EXPECT_EQ(c.max_connections_per_address, 1);
    EXPECT_EQ(c.db_move_delay, std::chrono::milliseconds(10000));
    EXPECT_EQ(c.db_connect_retry, std::chrono::seconds(3600));
    EXPECT_EQ(c.bot_threads, 256);
}

TEST(Config, APostgresqlUrlIsADatabase) {
    EXPECT_EQ(parse_ok({"--db", "postgresql://golf:secret@127.0.0.1:5432/golf"}).db,
              "postgresql://golf:secret@127.0.0.1:5432/golf");
    const fake_environment env{{{"GOLF_DB", "postgres:///golf?host=/run/postgresql"}}};
    EXPECT_EQ(parse_ok({}, env).db, "postgres:///golf?host=/run/postgresql");
}

TEST(Config, DurabilityIsHolesOrMoves) {
    EXPECT_FALSE(parse_ok({}).durable_moves);
    EXPECT_FALSE(parse_ok({"--durability", "holes"}).durable_moves);
    EXPECT_TRUE(parse_ok({"--durability=moves"}).durable_moves);
    EXPECT_TRUE(parse_ok({}, fake_environment{{{"GOLF_DURABILITY", "moves"}}}).durable_moves);
    expect_error(parse({"--durability", "always"}), "--durability: expected holes or moves (got 'always')");
    expect_error(parse({"--durability="}), "--durability: expected holes or moves (got '')");
}

TEST(Config, LocalhostIsAcceptedAsAHost) { EXPECT_EQ(parse_ok({"--host", "localhost"}).host, "localhost"); }

TEST(Config, EveryLogLevelIsAccepted) {
    for (const char* level : {"trace", "debug", "info", "warn", "error", "off"})
        EXPECT_EQ(parse_ok({"--log-level", level}).log_level, level);
}

TEST(Config, RepeatedFlagKeepsTheLastValue) { EXPECT_EQ(parse_ok({"--port", "1", "--port=2"}).port, 2); }

TEST(Config, EveryVariableFromTheEnvironment) {
    const fake_environment env{{{"GOLF_HOST", "127.0.0.1"},
                                {"GOLF_PORT", "9001"},
                                {"GOLF_DB", "env.db"},
                                {"GOLF_THREADS", "5"},
                                {"GOLF_LOG_LEVEL", "warn"},
                                {"GOLF_SEAT_GRACE", "45"},
                                {"GOLF_BOT_DELAY_MS", "10"},
                                {"GOLF_BETWEEN_HOLES_MS", "20"},
                                {"GOLF_MAX_PER_ADDRESS", "7"}}};
    const server_config c = parse_ok({}, env);
    EXPECT_EQ(c.host, "127.0.0.1");
    EXPECT_EQ(c.port, 9001);
    EXPECT_EQ(c.db, "env.db");
    EXPECT_EQ(c.threads, 5);
    EXPECT_EQ(c.log_level, "warn");
    EXPECT_EQ(c.seat_grace, std::chrono::seconds(45));
    EXPECT_EQ(c.bot_delay, std::chrono::milliseconds(10));
    EXPECT_EQ(c.between_holes, std::chrono::milliseconds(20));
    EXPECT_EQ(c.max_connections_per_address, 7);
}

TEST(Config, FlagWinsOverItsVariable) {
    const fake_environment env{{{"GOLF_PORT", "9001"}, {"GOLF_DB", "env.db"}}};
    const server_config c = parse_ok({"--port", "9002"}, env);
    EXPECT_EQ(c.port, 9002);
    EXPECT_EQ(c.db, "env.db");
}

TEST(Config, FlagWinsEvenOverABadVariable) {
    EXPECT_EQ(parse_ok({"--port=9003"}, fake_environment{{{"GOLF_PORT", "nonsense"}}}).port, 9003);
}

TEST(Config, EmptyVariableCountsAsUnset) { EXPECT_EQ(parse_ok({}, fake_environment{{{"GOLF_PORT", ""}}}).port, 8080); }

TEST(Config, HelpPrintsUsageAndExitsZero) {
    for (const char* flag : {"--help", "-h"}) {
        const config_result result = parse({"--port", "1", flag});
        EXPECT_FALSE(result.config);
        EXPECT_EQ(result.exit_code, 0);
        EXPECT_EQ(result.message, usage());
    }
}

TEST(Config, UsageNamesEveryFlagAndVariable) {
    const std::string text = usage();
    for (const char* name : {"--host",
                             "--port",
                             "--db",
                             "--threads",
                             "--log-level",
                             "--seat-grace",
                             "--bot-delay-ms",
                             "--between-holes-ms",
                             "--max-per-address",
                             "--db-move-delay-ms",
                             "--db-connect-retry-s",
                             "--durability",
                             "--help",
                             "GOLF_HOST",
                             "GOLF_PORT",
                             "GOLF_DB",
                             "GOLF_THREADS",
                             "GOLF_LOG_LEVEL",
                             "GOLF_SEAT_GRACE",
                             "GOLF_BOT_DELAY_MS",
                             "GOLF_BETWEEN_HOLES_MS",
                             "GOLF_MAX_PER_ADDRESS",
                             "GOLF_DB_MOVE_DELAY_MS",
                             "GOLF_DB_CONNECT_RETRY_S",
                             "GOLF_DURABILITY"})
        EXPECT_NE(text.find(name), std::string::npos) << name;
}

TEST(Config, BadPortNamesTheFlag) {
    expect_error(parse({"--port", "x"}), "--port: expected a number from 0 to 65535 (got 'x')");
    expect_error(parse({"--port=65536"}), "--port: expected a number from 0 to 65535 (got '65536')");
    expect_error(parse({"--port=-1"}), "--port: expected a number from 0 to 65535 (got '-1')");
    expect_error(parse({"--port=80x"}), "--port: expected a number from 0 to 65535 (got '80x')");
    expect_error(parse({"--port="}), "--port: expected a number from 0 to 65535 (got '')");
    expect_error(parse({"--port=99999999999999999999"}),
                 "--port: expected a number from 0 to 65535 (got '99999999999999999999')");
}

TEST(Config, BadVariableNamesTheVariable) {
    expect_error(parse({}, fake_environment{{{"GOLF_PORT", "x"}}}),
                 "GOLF_PORT: expected a number from 0 to 65535 (got 'x')");
    expect_error(parse({}, fake_environment{{{"GOLF_THREADS", "0"}}}),
                 "GOLF_THREADS: expected a number from 1 to 256 (got '0')");
    expect_error(parse({}, fake_environment{{{"GOLF_LOG_LEVEL", "loud"}}}),
                 "GOLF_LOG_LEVEL: expected one of trace, debug, info, warn, error, off (got 'loud')");
}

TEST(Config, EveryNumberIsRangeChecked) {
    expect_error(parse({"--threads", "0"}), "--threads: expected a number from 1 to 256 (got '0')");
    expect_error(parse({"--threads", "257"}), "--threads: expected a number from 1 to 256 (got '257')");
    expect_error(parse({"--seat-grace", "-5"}), "--seat-grace: expected a number from 0 to 86400 (got '-5')");
    expect_error(parse({"--seat-grace", "1.5"}), "--seat-grace: expected a number from 0 to 86400 (got '1.5')");
    expect_error(parse({"--bot-delay-ms", "60001"}), "--bot-delay-ms: expected a number from 0 to 60000 (got '60001')");
    expect_error(parse({"--between-holes-ms", "ten"}),
                 "--between-holes-ms: expected a number from 0 to 600000 (got 'ten')");
    expect_error(parse({"--db-move-delay-ms", "10001"}),
                 "--db-move-delay-ms: expected a number from 0 to 10000 (got '10001')");
    expect_error(parse({"--db-connect-retry-s", "3601"}),
                 "--db-connect-retry-s: expected a number from 0 to 3600 (got '3601')");
    expect_error(parse({"--max-per-address", "0"}), "--max-per-address: expected a number from 1 to 100000 (got '0')");
    expect_error(parse({"--bot-threads", "0"}), "--bot-threads: expected a number from 1 to 256 (got '0')");
    expect_error(parse({"--bot-threads", "many"}), "--bot-threads: expected a number from 1 to 256 (got 'many')");
    expect_error(parse({}, fake_environment{{{"GOLF_BOT_THREADS", "257"}}}),
                 "GOLF_BOT_THREADS: expected a number from 1 to 256 (got '257')");
}

TEST(Config, BadHostLogLevelAndDb) {
    expect_error(parse({"--host", "example.invalid"}),
                 "--host: expected an IP address such as 0.0.0.0 or ::1 (got 'example.invalid')");
    expect_error(parse({"--host="}), "--host: expected an IP address such as 0.0.0.0 or ::1 (got '')");
    expect_error(parse({"--log-level", "INFO"}),
                 "--log-level: expected one of trace, debug, info, warn, error, off (got 'INFO')");
    expect_error(parse({"--db="}), "--db: expected a file path or a postgresql:// URL (got '')");
}

TEST(Config, UnknownFlag) {
    expect_error(parse({"--prot", "80"}), "unknown option '--prot' (see golf-server --help)");
    expect_error(parse({"--prot=80"}), "unknown option '--prot' (see golf-server --help)");
    expect_error(parse({"-p"}), "unknown option '-p' (see golf-server --help)");
}

TEST(Config, StrayArgument) { expect_error(parse({"8080"}), "unexpected argument '8080' (see golf-server --help)"); }

TEST(Config, MissingValue) {
    expect_error(parse({"--port"}), "--port: missing value");
    expect_error(parse({"--db", "--port", "1"}), "--db: missing value");
}

}  // namespace
}  // namespace config_tests
}  // namespace golf::server
