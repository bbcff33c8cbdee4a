// golf_client: a small synchronous client for golf-server's WebSocket protocol (golf.v1), used by the tests,
// `golf bot` and the tools. One connection, one thread: every call runs the connection's private io_context
// until its answer arrives or its timeout passes, so no call can block forever. A read is always pending, so
// pushes that arrive while waiting for a reply are buffered in order and handed out by next().
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/action.hpp"
#include "engine/hand.hpp"
#include "engine/ruleset.hpp"
#include "golf/v1/messages.pb.h"

namespace golf::client {

using duration = std::chrono::steady_clock::duration;
inline constexpr duration default_timeout = std::chrono::seconds(10);

// A failed call: the connection could not be made or was lost, an answer did not come in time, or the server
// refused a request (then code() is the server's ErrorCode and what() its sentence).
class error : public std::runtime_error {
public:
    explicit error(const std::string& message, v1::ErrorCode code = v1::ERROR_CODE_UNSPECIFIED)
        : std::runtime_error(message), code_(code) {}
    v1::ErrorCode code() const { return code_; }

private:
    v1::ErrorCode code_;
};

// The protocol version this client speaks in its Hello (Welcome.min_protocol_version..protocol_version must hold it).
inline constexpr std::uint32_t protocol_version = 1;

// The server does not speak this client's protocol (ERROR_CODE_UNSUPPORTED_VERSION): server() holds what it does
// speak (server_version, min_protocol_version, protocol_version; all zero from a server that predates saying so).
class version_refused : public error {
public:
    version_refused(const std::string& message, std::uint32_t spoken, v1::Welcome server)
        : error(message, v1::ERROR_CODE_UNSUPPORTED_VERSION), spoken_(spoken), server_(std::move(server)) {}
    std::uint32_t spoken() const { return spoken_; }  // the version this client said
    const v1::Welcome& server() const { return server_; }

private:
    std::uint32_t spoken_;
    v1::Welcome server_;
};

struct endpoint {
    std::string host;
    std::string port;
    std::string target;  // the path, e.g. "/ws"
    bool tls = false;    // wss://
};
// "ws://HOST:PORT/PATH" or "wss://HOST:PORT/PATH" (the port defaults to 80 or 443, the path to "/ws"); nullopt
// when it is not such a URL.
std::optional<endpoint> parse_url(std::string_view url);

class connection {
public:
    connection();
    ~connection();
    connection(const connection&) = delete;
    connection& operator=(const connection&) = delete;

    // Opens the WebSocket and does the Hello/Welcome handshake. Throws error on failure (a refused connection, a
    // bad URL, a certificate not trusted or not for the host, an Error reply, no answer within `timeout`).
    // wss:// verifies the server's certificate against the system's authorities (and trust_ca_file's).
    void connect(std::string_view url, std::string_view client_name, duration timeout = default_timeout);
    // Before connect(): ask the server to answer each accepted Act with the TableUpdate it causes instead of an Ok
    // (Hello.update_answers_act: one frame fewer per move; welcome().update_answers_act() says whether it will).
    // act() and latest() work the same either way.
    void ask_update_answers_act(bool on = true) { update_answers_act_ = on; }
    // Before connect(): say another protocol version in the Hello than protocol_version (tests of refusals).
    void speak_protocol(std::uint32_t version) { spoken_protocol_ = version; }
    // Before connect(): for wss://, also trust the authorities in this PEM file (e.g. a private authority's root,
    // as Caddy's `tls internal` makes). Empty: the system's authorities only.
    void trust_ca_file(std::string path) { ca_file_ = std::move(path); }
    // Before connect(): connect from this local IP address (e.g. 127.0.0.7, so that load runs on loopback spread
    // over addresses as many people would); empty: the system's choice.
    void connect_from(std::string address) { source_ = std::move(address); }

    // Sends `message` with a fresh request_id and waits for the reply carrying it (which may be an Error: the
    // caller decides). Pushes that arrive meanwhile stay queued for next(). Throws error on timeout or loss.
    v1::ServerMessage request(v1::ClientMessage message, duration timeout = default_timeout);
    // Sends without waiting; returns the request_id given to it (0 if `with_id` is false).
    std::uint32_t send(v1::ClientMessage message, bool with_id = true);
    // The next queued or incoming message; nullopt when none comes within `timeout`. Throws error once the
    // connection is closed and nothing is left in the queue.
    std::optional<v1::ServerMessage> next(duration timeout);
    // Arbitrary bytes as one frame (binary or text), for tests of hostile input.
    void send_raw(std::string_view bytes, bool binary = true, duration timeout = default_timeout);

    // A WebSocket close handshake (bounded by `timeout`), then the socket is closed.
    void close(duration timeout = std::chrono::seconds(2));
    // Drops the TCP connection without a close handshake, as a lost network would.
    void abort();
    bool is_open() const;
    // Why the connection ended: the server's Closing reason or close frame reason, or the transport error.
    const std::string& close_reason() const { return close_reason_; }

    // Called for every message as it arrives (before it is queued or matched to a request), e.g. to record frames.
    // It runs inside whichever call is reading and must not throw.
    void set_observer(std::function<void(const v1::ServerMessage&)> observer);

    // ---- conveniences: table requests that throw error on an Error reply -----------------------------------------
    const v1::Welcome& welcome() const { return welcome_; }
    // The latest TableUpdate received (replies and pushes alike), and the latest TableJoined.
    const std::optional<v1::TableUpdate>& latest() const { return latest_; }
    const std::optional<v1::TableJoined>& joined() const { return joined_; }
    int seat() const { return joined_ ? joined_->seat() : -1; }
    const std::string& code() const;
    const std::string& token() const;

    v1::TableJoined create_table(std::string_view player_name, std::string_view preset, int seats,
                                 const v1::Ruleset& house_rules = {}, duration timeout = default_timeout);
    v1::TableJoined create_table(const v1::CreateTable& request, duration timeout = default_timeout);
    v1::TableJoined join(std::string_view code, std::string_view player_name, bool spectate = false,
                         duration timeout = default_timeout);
    // join and reclaim follow a table played on another node (ERROR_CODE_TABLE_ELSEWHERE): the connection is made
    // again to the same URL with ?node=NAME, which the proxy in front routes to that node, and the request repeated.
    v1::TableJoined reclaim(std::string_view seat_token, duration timeout = default_timeout);
    // A guest tournament entrant takes the seat held for them at `code` with their entry token.
    v1::TableJoined join_as_entrant(std::string_view code, std::string_view entry_token,
                                    duration timeout = default_timeout);
    // The URL this connection was last made to (with ?node= once it followed a table).
    const std::string& url() const { return url_; }
    void add_bot(v1::BotLevel level = v1::BOT_LEVEL_HEURISTIC, duration timeout = default_timeout);
    // `search_budget`: a BOT_LEVEL_SEARCH bot's playouts per decision (0 for every other level).
    void add_bot(v1::BotLevel level, std::uint32_t search_budget, duration timeout = default_timeout);
    void start_match(duration timeout = default_timeout);
    void rematch(duration timeout = default_timeout);
    // Throws error when the reply is not Ok / TableJoined etc. (request() is the non-throwing form).
    v1::ServerMessage expect_success(v1::ClientMessage message, duration timeout = default_timeout);

    // ---- accounts and quick play (golf_client_accounts.cpp) ------------------------------------------------------
    // Each throws error on a refusal. A connection signed in by password (or Register) keeps the session token the
    // server gave, and one signed in by API key keeps the key: either signs in again by itself when the connection
    // follows a table to another node.
    v1::SignedIn register_account(std::string_view name, std::string_view password, duration timeout = default_timeout);
    v1::SignedIn sign_in(std::string_view name, std::string_view password, duration timeout = default_timeout);
    v1::SignedIn sign_in_with_token(std::string_view session_token, duration timeout = default_timeout);
    v1::SignedIn sign_in_with_api_key(std::string_view api_key, duration timeout = default_timeout);
    const std::optional<v1::SignedIn>& signed_in() const { return signed_in_; }
    // Waits in quick play's queue until seated (each QueueUpdate goes to `on_wait`); throws error on a refusal or
    // when `timeout` passes first (the queue is left then). `guest_name` is empty when signed in.
    v1::TableJoined quick_play(std::string_view preset, int seats, int bots_after_seconds, std::string_view guest_name,
                               duration timeout, const std::function<void(const v1::QueueUpdate&)>& on_wait = {});

    // Sends the action with the latest hand_version (0 if `versioned` is false) and returns the reply, an Error
    // included. After a success it also waits (within `timeout`) for the TableUpdate that shows the move, so
    // latest() is never older than the move just made.
    v1::ServerMessage act(action a, duration timeout = default_timeout, bool versioned = true);

    // Returns the latest TableUpdate once `done(update)` holds, reading queued and incoming messages (and dropping
    // them from the queue) until then. Throws error on timeout or loss.
    const v1::TableUpdate& wait_until(const std::function<bool(const v1::TableUpdate&)>& done,
                                      duration timeout = default_timeout);

private:
    struct impl;
    void note(const v1::ServerMessage& message);
    v1::ServerMessage seat_request(const v1::ClientMessage& message, duration timeout);
    v1::TableJoined joined_by(const v1::ClientMessage& join_table, duration timeout);  // a JoinTable sent
    v1::SignedIn sign_in_as(v1::ClientMessage message, duration timeout);
    // After following a table to another node: signs in again as before, if this connection was signed in.
    void sign_in_again(duration timeout);
    [[noreturn]] void fail_closed() const;

    std::unique_ptr<impl> impl_;
    std::deque<v1::ServerMessage> inbox_;
    std::uint32_t next_request_id_ = 1;
    bool update_answers_act_ = false;
    std::uint32_t spoken_protocol_ = protocol_version;
    v1::Welcome welcome_;
    std::optional<v1::TableUpdate> latest_;
    std::optional<v1::TableJoined> joined_;
    std::string close_reason_;
    std::string url_;
    std::string client_name_;
    std::string ca_file_;
    std::string source_;
    std::function<void(const v1::ServerMessage&)> observer_;
    std::optional<v1::SignedIn> signed_in_;
    v1::SignIn credential_;  // how to sign in again: a session token or an API key
};

// The seat's own view in `update` has something to do (the hand is in play and `legal` is not empty).
bool my_move(const v1::TableUpdate& update);
// The seat is to make a move of its turn: something legal that is not a claim (claims are open to every seat out
// of turn, so they owe nothing).
bool owes_move(const v1::TableUpdate& update);

std::string_view error_code_name(v1::ErrorCode code);

// `url` with its node query parameter set to `node` (added when it has none).
std::string with_node(std::string_view url, std::string_view node);

}  // namespace golf::client
