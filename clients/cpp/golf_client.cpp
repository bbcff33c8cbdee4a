#include "clients/cpp/golf_client.hpp"

#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/ssl.hpp>
#include <boost/beast/websocket/stream.hpp>
#include <charconv>
#include <utility>
#include <variant>

#include "clients/cpp/tls_client.hpp"
#include "proto/convert.hpp"

namespace golf::client {

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using plain_stream = websocket::stream<beast::tcp_stream>;
using tls_stream = websocket::stream<beast::ssl_stream<beast::tcp_stream>>;
using clock_type = std::chrono::steady_clock;
using time_point = clock_type::time_point;

// A server never needs more than this many unread messages; beyond it the client is not reading at all.
constexpr std::size_t max_inbox = 100000;
constexpr std::size_t max_frame_bytes = 16 * 1024 * 1024;
// How long the destructor and abort() wait for cancelled operations to finish after the socket is closed.
constexpr auto drain_limit = std::chrono::seconds(2);

std::string seconds_text(duration d) {
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(d).count();
    return ms % 1000 == 0 ? std::to_string(ms / 1000) + " s" : std::to_string(ms) + " ms";
}

std::string request_name(const v1::ClientMessage& message) {
    const auto* field = v1::ClientMessage::descriptor()->FindFieldByNumber(message.body_case());
    return field ? field->name() : "empty request";
}

}  // namespace

std::optional<endpoint> parse_url(std::string_view url) {
    endpoint result;
    result.tls = url.starts_with("wss://");
    if (!result.tls && !url.starts_with("ws://")) return std::nullopt;
    url.remove_prefix(result.tls ? 6 : 5);
    const auto slash = url.find('/');
    result.target = slash == std::string_view::npos ? "/ws" : std::string(url.substr(slash));
    std::string_view authority = url.substr(0, slash);
    std::string_view port = result.tls ? "443" : "80";
    if (authority.starts_with('[')) {  // [::1]:8080
        const auto close = authority.find(']');
        if (close == std::string_view::npos) return std::nullopt;
        result.host = std::string(authority.substr(1, close - 1));
        authority.remove_prefix(close + 1);
        if (!authority.empty()) {
            if (authority.front() != ':') return std::nullopt;
            port = authority.substr(1);
        }
    } else {
        const auto colon = authority.rfind(':');
        result.host = std::string(authority.substr(0, colon));
        if (colon != std::string_view::npos) port = authority.substr(colon + 1);
    }
    unsigned number = 0;
    const auto [end, problem] = std::from_chars(port.data(), port.data() + port.size(), number);
    if (result.host.empty() || port.empty() || problem != std::errc{} || end != port.data() + port.size() ||
        number > 65535)
        return std::nullopt;
    result.port = std::string(port);
    return result;
}

// The network side: the io_context, the stream and the read that is always pending while the connection is open.
struct connection::impl {
    explicit impl(connection& owner) : owner_(owner) {}

    connection& owner_;
    asio::io_context io;
    std::shared_ptr<asio::ssl::context> tls_context;  // outlives the stream that refers to it
    std::optional<std::variant<plain_stream, tls_stream>> ws;
    beast::flat_buffer buffer;
    bool open = false;
    bool reading = false;

    // Calls `f` with the WebSocket stream, plain or TLS: one code path for ws:// and wss://.
    template <class F>
    decltype(auto) stream(F&& f) {
        return std::visit(std::forward<F>(f), *ws);
    }

    // Runs at most one handler; false once `deadline` has passed or nothing is left to run.
    bool pump(time_point deadline) {
        if (clock_type::now() >= deadline) return false;
        if (io.stopped()) io.restart();
        if (io.run_one_until(deadline) > 0) return true;
        return false;
    }

    // Runs the handlers that are ready now, without waiting.
    void poll() {
        if (io.stopped()) io.restart();
        io.poll();
    }

    // Runs handlers until `done` is set; false on timeout (the operation is then still pending).
    bool run_until(const bool& done, time_point deadline) {
        return run_while([&] { return !done; }, deadline);
    }

    template <class Predicate>
    bool run_while(Predicate busy, time_point deadline) {
        while (busy())
            if (!pump(deadline)) return !busy();
        return true;
    }

    void do_read() {
        reading = true;
        stream([this](auto& s) { s.async_read(buffer, [this](beast::error_code ec, std::size_t) { on_read(ec); }); });
    }

    void on_read(beast::error_code ec) {
        reading = false;
        if (ec) {
            std::string reason;
            if (ec == websocket::error::closed) {
                const auto why = stream([](auto& s) { return s.reason(); });
                reason = "the server closed the connection";
                if (!why.reason.empty()) reason += ": " + std::string(why.reason.data(), why.reason.size());
            } else {
                reason = "connection lost: " + ec.message();
            }
            lost(reason);
            return;
        }
        v1::ServerMessage message;
        const auto data = buffer.cdata();
        const bool parsed = message.ParseFromArray(data.data(), static_cast<int>(data.size()));
        buffer.consume(buffer.size());
        if (!parsed) return lost("the server sent a frame that is not a ServerMessage");
        if (owner_.inbox_.size() >= max_inbox)
            return lost("more than " + std::to_string(max_inbox) + " unread messages");
        if (owner_.observer_) owner_.observer_(message);
        owner_.note(message);
        owner_.inbox_.push_back(std::move(message));
        do_read();
    }

    // The connection is over: remember why (a Closing message's reason wins) and close the socket.
    void lost(const std::string& reason) {
        if (owner_.close_reason_.empty()) owner_.close_reason_ = reason;
        open = false;
        close_socket();
    }

    void close_socket() {
        if (!ws) return;
        stream([](auto& s) {
            beast::error_code ignored;
            beast::get_lowest_layer(s).socket().shutdown(tcp::socket::shutdown_both, ignored);
            beast::get_lowest_layer(s).socket().close(ignored);
        });
    }

    // After close_socket(): lets cancelled operations run their handlers, which refer to this object.
    void drain() {
        const auto deadline = clock_type::now() + drain_limit;
        while (reading && pump(deadline)) {}
        io.restart();
        io.poll();
    }

    // Performs one asynchronous operation with a deadline; on timeout the connection is dropped.
    // `describe` turns a failure into words (its error_code's message when empty).
    template <class Start>
    void perform(std::string_view what, time_point deadline, Start start,
                 const std::function<std::string(beast::error_code)>& describe = {}) {
        bool done = false;
        beast::error_code result;
        start([&](beast::error_code ec, auto&&...) {
            done = true;
            result = ec;
        });
        if (!run_until(done, deadline)) {
            lost(std::string(what) + ": timed out");
            const auto limit = clock_type::now() + drain_limit;
            while (!done && pump(limit)) {}
            drain();
            throw error(std::string(what) + ": timed out");
        }
        if (result) {
            const std::string why = std::string(what) + ": " + (describe ? describe(result) : result.message());
            lost(why);
            drain();
            throw error(why);
        }
    }

    void write(std::string_view bytes, bool binary, time_point deadline) {
        if (!open) owner_.fail_closed();
        stream([&](auto& s) { s.binary(binary); });
        perform("sending a message", deadline, [&](auto handler) {
            stream([&](auto& s) { s.async_write(asio::buffer(bytes.data(), bytes.size()), std::move(handler)); });
        });
        stream([](auto& s) { s.binary(true); });
    }

    tcp::resolver::results_type resolve(const endpoint& where, std::string_view url, time_point deadline);
    void open_stream(const endpoint& where, std::string_view url, const std::string& ca_file, const std::string& source,
                     time_point deadline);
};

tcp::resolver::results_type connection::impl::resolve(const endpoint& where, std::string_view url,
                                                      time_point deadline) {
    tcp::resolver resolver(io);
    tcp::resolver::results_type addresses;
    bool done = false;
    beast::error_code result;
    resolver.async_resolve(where.host, where.port, [&](beast::error_code ec, tcp::resolver::results_type found) {
        done = true;
        result = ec;
        addresses = std::move(found);
    });
    if (!run_until(done, deadline)) {
        resolver.cancel();
        run_until(done, clock_type::now() + drain_limit);
        throw error("could not connect to " + std::string(url) + ": looking up the host timed out");
    }
    if (result) throw error("could not connect to " + std::string(url) + ": " + result.message());
    return addresses;
}

// TCP, then TLS for wss://, then the WebSocket handshake; the stream is ready for frames after it.
void connection::impl::open_stream(const endpoint& where, std::string_view url, const std::string& ca_file,
                                   const std::string& source, time_point deadline) {
    const std::string failed = "could not connect to " + std::string(url);
    auto found = std::make_shared<tls::verdict>();
    if (where.tls) {
        try {
            if (!tls_context) tls_context = tls::make_context(ca_file);
        } catch (const std::runtime_error& e) {
            throw error(failed + ": " + e.what());
        }
        ws.emplace(std::in_place_type<tls_stream>, io, *tls_context);
        tls::prepare(std::get<tls_stream>(*ws).next_layer(), where.host, found);
    } else {
        ws.emplace(std::in_place_type<plain_stream>, io);
    }
    const auto addresses = resolve(where, url, deadline);
    if (source.empty()) {
        perform(failed, deadline, [&](auto handler) {
            stream([&](auto& s) { beast::get_lowest_layer(s).async_connect(addresses, std::move(handler)); });
        });
    } else {
        // From a chosen local address (load runs spread over 127.0.0.x): bound, then to the first address found.
        beast::error_code ec;
        const auto local = asio::ip::make_address(source, ec);
        if (ec) throw error(failed + ": '" + source + "' is not an IP address to connect from");
        const tcp::endpoint to = *addresses.begin();
        stream([&](auto& s) {
            auto& socket = beast::get_lowest_layer(s).socket();
            socket.open(to.protocol(), ec);
            if (!ec) socket.bind(tcp::endpoint(local, 0), ec);
        });
        if (ec) throw error(failed + " from " + source + ": " + ec.message());
        perform(failed, deadline, [&](auto handler) {
            stream([&](auto& s) { beast::get_lowest_layer(s).async_connect(to, std::move(handler)); });
        });
    }
    if (where.tls)
        perform(
            failed, deadline,
            [&](auto handler) {
                std::get<tls_stream>(*ws).next_layer().async_handshake(asio::ssl::stream_base::client,
                                                                       std::move(handler));
            },
            [&](beast::error_code ec) { return tls::handshake_failure(ec, *found, where.host); });
    perform("the WebSocket handshake with " + std::string(url) + " failed", deadline, [&](auto handler) {
        stream([&](auto& s) { s.async_handshake(where.host + ":" + where.port, where.target, std::move(handler)); });
    });
    stream([](auto& s) {
        beast::error_code ignored;  // small frames, one at a time: don't let Nagle hold them back
        beast::get_lowest_layer(s).socket().set_option(tcp::no_delay(true), ignored);
        s.binary(true);
        s.read_message_max(max_frame_bytes);
        s.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    });
}

connection::connection() : impl_(std::make_unique<impl>(*this)) {}

connection::~connection() {
    try {
        close(std::chrono::seconds(1));
    } catch (...) {
        // a destructor has no one to tell; the socket is closed either way
    }
    impl_->close_socket();
    impl_->drain();
}

void connection::connect(std::string_view url, std::string_view client_name, duration timeout) {
    if (impl_->ws) throw error("this connection has already been used; make a new one");
    url_ = std::string(url);
    client_name_ = std::string(client_name);
    const auto where = parse_url(url);
    if (!where)
        throw error("not a WebSocket URL of the form ws://HOST:PORT/PATH or wss://HOST:PORT/PATH: '" +
                    std::string(url) + "'");
    const auto deadline = clock_type::now() + timeout;
    const std::string context = "connecting to " + std::string(url);  // for failures after the handshake
    impl_->open_stream(*where, url, ca_file_, source_, deadline);
    impl_->open = true;
    impl_->do_read();

    v1::ClientMessage hello;
    hello.mutable_hello()->set_client_name(std::string(client_name));
    hello.mutable_hello()->set_protocol_version(spoken_protocol_);
    hello.mutable_hello()->set_update_answers_act(update_answers_act_);
    v1::ServerMessage reply;
    try {
        reply = request(std::move(hello), deadline - clock_type::now());
    } catch (const error& e) {
        throw error(context + ": " + e.what(), e.code());
    }
    if (reply.has_error()) {
        close();
        if (reply.error().code() == v1::ERROR_CODE_UNSUPPORTED_VERSION)
            throw version_refused(context + ": the server refused the handshake: " + reply.error().message(),
                                  spoken_protocol_, reply.error().server());
        throw error(context + ": the server refused the handshake: " + reply.error().message(), reply.error().code());
    }
    if (!reply.has_welcome()) throw error(context + ": the server answered Hello without a Welcome");
    welcome_ = reply.welcome();
}

std::uint32_t connection::send(v1::ClientMessage message, bool with_id) {
    const std::uint32_t id = with_id ? next_request_id_++ : 0;
    message.set_request_id(id);
    const std::string bytes = message.SerializeAsString();
    impl_->write(bytes, true, clock_type::now() + default_timeout);
    return id;
}

v1::ServerMessage connection::request(v1::ClientMessage message, duration timeout) {
    const auto deadline = clock_type::now() + timeout;
    const std::string name = request_name(message);
    if (!impl_->open) fail_closed();
    const std::uint32_t id = next_request_id_++;
    message.set_request_id(id);
    const std::string bytes = message.SerializeAsString();
    impl_->write(bytes, true, deadline);
    for (;;) {
        const auto found = std::find_if(inbox_.begin(), inbox_.end(),
                                        [&](const v1::ServerMessage& m) { return m.request_id() == id; });
        if (found != inbox_.end()) {
            v1::ServerMessage reply = std::move(*found);
            inbox_.erase(found);
            return reply;
        }
        if (!impl_->open) fail_closed();
        if (!impl_->pump(deadline)) {
            if (!impl_->open) fail_closed();
            throw error("no reply to " + name + " within " + seconds_text(timeout));
        }
    }
}

std::optional<v1::ServerMessage> connection::next(duration timeout) {
    const auto deadline = clock_type::now() + timeout;
    bool looked = false;
    while (inbox_.empty()) {
        if (!impl_->open) fail_closed();
        if (impl_->pump(deadline)) continue;
        if (looked) return std::nullopt;
        looked = true;
        impl_->poll();  // a last look at what has already arrived, so next(0ms) reads without waiting
    }
    v1::ServerMessage message = std::move(inbox_.front());
    inbox_.pop_front();
    return message;
}

void connection::send_raw(std::string_view bytes, bool binary, duration timeout) {
    impl_->write(bytes, binary, clock_type::now() + timeout);
}

void connection::close(duration timeout) {
    if (!impl_->open) return;
    const auto deadline = clock_type::now() + timeout;
    if (close_reason_.empty()) close_reason_ = "closed by this client";
    bool done = false;
    impl_->stream(
        [&](auto& s) { s.async_close(websocket::close_code::normal, [&](beast::error_code) { done = true; }); });
    // The pending read sees the server's close frame; without an answer in time the socket is simply dropped.
    impl_->run_while([&] { return !done || impl_->reading; }, deadline);
    impl_->open = false;
    impl_->close_socket();
    const auto limit = clock_type::now() + drain_limit;
    while (!done && impl_->pump(limit)) {}
    impl_->drain();
}

void connection::abort() {
    if (!impl_->ws) return;
    if (close_reason_.empty() && impl_->open) close_reason_ = "dropped by this client";
    impl_->open = false;
    impl_->close_socket();
    impl_->drain();
}

bool connection::is_open() const { return impl_->open; }

void connection::set_observer(std::function<void(const v1::ServerMessage&)> observer) {
    observer_ = std::move(observer);
}

void connection::note(const v1::ServerMessage& message) {
    if (message.has_table_update()) latest_ = message.table_update();
    else if (message.has_table_joined()) joined_ = message.table_joined();
    else if (message.has_closing())
        close_reason_ = "the server is closing the connection: " + message.closing().reason();
}

void connection::fail_closed() const { throw error(close_reason_.empty() ? "not connected" : close_reason_); }

const std::string& connection::code() const {
    static const std::string none;
    return joined_ ? joined_->code() : none;
}

const std::string& connection::token() const {
    static const std::string none;
    return joined_ ? joined_->seat_token() : none;
}

v1::ServerMessage connection::expect_success(v1::ClientMessage message, duration timeout) {
    const std::string name = request_name(message);
    v1::ServerMessage reply = request(std::move(message), timeout);
    if (reply.has_error())
        throw error(
            name + " refused (" + std::string(error_code_name(reply.error().code())) + "): " + reply.error().message(),
            reply.error().code());
    return reply;
}

v1::TableJoined connection::create_table(std::string_view player_name, std::string_view preset, int seats,
                                         const v1::Ruleset& house_rules, duration timeout) {
    v1::CreateTable create;
    create.set_player_name(std::string(player_name));
    create.set_preset(std::string(preset));
    create.set_seats(static_cast<std::uint32_t>(std::max(seats, 0)));
    *create.mutable_house_rules() = house_rules;
    return create_table(create, timeout);
}

v1::TableJoined connection::create_table(const v1::CreateTable& request, duration timeout) {
    v1::ClientMessage message;
    *message.mutable_create_table() = request;
    v1::ServerMessage reply = expect_success(std::move(message), timeout);
    if (!reply.has_table_joined()) throw error("create_table: the reply was not TableJoined");
    joined_ = reply.table_joined();
    return reply.table_joined();
}

std::string with_node(std::string_view url, std::string_view node) {
    std::string out(url);
    const auto authority = out.find("://");
    if (authority != std::string::npos && out.find('/', authority + 3) == std::string::npos) out += "/ws";
    const auto query = out.find('?');
    for (auto at = out.find("node=", query == std::string::npos ? out.size() : query); at != std::string::npos;
         at = out.find("node=", at + 1)) {
        if (out[at - 1] != '?' && out[at - 1] != '&') continue;
        const auto end = out.find('&', at);
        return out.replace(at + 5, (end == std::string::npos ? out.size() : end) - at - 5, node);
    }
    return out + (query == std::string::npos ? "?node=" : "&node=") + std::string(node);
}

v1::ServerMessage connection::seat_request(const v1::ClientMessage& message, duration timeout) {
    const auto deadline = clock_type::now() + timeout;
    v1::ServerMessage reply = request(message, timeout);
    // Several nodes: the table is played on another one. Connect there (the proxy routes ?node=) and ask again;
    // a table that moves twice while we follow it is followed once more.
    for (int hop = 0; hop < 3 && reply.has_error() && reply.error().code() == v1::ERROR_CODE_TABLE_ELSEWHERE &&
                      !reply.error().node().empty();
         ++hop) {
        const std::string target = with_node(url_, reply.error().node());
        abort();
        impl_->ws.reset();
        impl_->buffer.clear();
        inbox_.clear();
        close_reason_.clear();
        connect(target, std::string(client_name_), deadline - clock_type::now());
        sign_in_again(deadline - clock_type::now());
        reply = request(message, deadline - clock_type::now());
    }
    if (reply.has_error())
        throw error(request_name(message) + " refused (" + std::string(error_code_name(reply.error().code())) +
                        "): " + reply.error().message(),
                    reply.error().code());
    return reply;
}

v1::TableJoined connection::join(std::string_view code, std::string_view player_name, bool spectate, duration timeout) {
    v1::ClientMessage message;
    message.mutable_join_table()->set_code(std::string(code));
    message.mutable_join_table()->set_player_name(std::string(player_name));
    message.mutable_join_table()->set_spectate(spectate);
    return joined_by(message, timeout);
}

v1::TableJoined connection::joined_by(const v1::ClientMessage& message, duration timeout) {
    v1::ServerMessage reply = seat_request(message, timeout);
    if (!reply.has_table_joined()) throw error("join_table: the reply was not TableJoined");
    joined_ = reply.table_joined();
    return reply.table_joined();
}

v1::TableJoined connection::join_as_entrant(std::string_view code, std::string_view entry_token, duration timeout) {
    v1::ClientMessage message;
    message.mutable_join_table()->set_code(std::string(code));
    message.mutable_join_table()->set_entry_token(std::string(entry_token));
    return joined_by(message, timeout);
}

v1::TableJoined connection::reclaim(std::string_view seat_token, duration timeout) {
    v1::ClientMessage message;
    message.mutable_reclaim_seat()->set_seat_token(std::string(seat_token));
    v1::ServerMessage reply = seat_request(message, timeout);
    if (!reply.has_table_joined()) throw error("reclaim_seat: the reply was not TableJoined");
    joined_ = reply.table_joined();
    return reply.table_joined();
}

void connection::add_bot(v1::BotLevel level, duration timeout) { add_bot(level, 0, timeout); }

void connection::add_bot(v1::BotLevel level, std::uint32_t search_budget, duration timeout) {
    v1::ClientMessage message;
    message.mutable_add_bot()->set_level(level);
    if (search_budget != 0) message.mutable_add_bot()->set_search_budget(search_budget);
    expect_success(std::move(message), timeout);
}

void connection::start_match(duration timeout) {
    v1::ClientMessage message;
    message.mutable_start_match();
    expect_success(std::move(message), timeout);
}

void connection::rematch(duration timeout) {
    v1::ClientMessage message;
    message.mutable_rematch();
    expect_success(std::move(message), timeout);
}

v1::ServerMessage connection::act(action a, duration timeout, bool versioned) {
    const auto deadline = clock_type::now() + timeout;
    const std::uint64_t before = latest_ ? latest_->hand_version() : 0;
    v1::ClientMessage message;
    *message.mutable_act()->mutable_action() = wire::to_proto(a);
    if (versioned) message.mutable_act()->set_hand_version(before);
    v1::ServerMessage reply = request(std::move(message), timeout);
    if (!reply.has_error())
        wait_until([&](const v1::TableUpdate& u) { return u.hand_version() > before; }, deadline - clock_type::now());
    return reply;
}

const v1::TableUpdate& connection::wait_until(const std::function<bool(const v1::TableUpdate&)>& done,
                                              duration timeout) {
    const auto deadline = clock_type::now() + timeout;
    while (!latest_ || !done(*latest_)) {
        const auto left = deadline - clock_type::now();
        if (left <= duration::zero() || !next(left))
            throw error("the table did not reach the expected state within " + seconds_text(timeout));
    }
    return *latest_;
}

// ---- reading the protocol back into engine values ---------------------------------------------------------------

bool my_move(const v1::TableUpdate& update) {
    return update.state() == v1::TABLE_STATE_PLAYING && update.has_hand() && update.hand().legal_size() > 0;
}

bool owes_move(const v1::TableUpdate& update) {
    if (!my_move(update)) return false;
    return std::any_of(update.hand().legal().begin(), update.hand().legal().end(),
                       [](const v1::Action& a) { return a.kind() != v1::ACTION_KIND_CLAIM; });
}

std::string_view error_code_name(v1::ErrorCode code) {
    std::string_view name = v1::ErrorCode_Name(code);
    constexpr std::string_view prefix = "ERROR_CODE_";
    if (name.starts_with(prefix)) name.remove_prefix(prefix.size());
    return name;
}

}  // namespace golf::client
