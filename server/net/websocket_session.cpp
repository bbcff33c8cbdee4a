#include "server/net/websocket_session.hpp"

#include <algorithm>
#include <boost/asio/defer.hpp>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/version.hpp>
#include <openssl/rand.h>
#include <random>
#include <spdlog/spdlog.h>

#include "server/frames.hpp"
#include "server/net/network_errors.hpp"
#include "server/net/protocol_version.hpp"
#include "server/net/security_headers.hpp"
#include "server/registry/registry.hpp"

namespace golf::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

namespace {

constexpr std::size_t max_close_reason = 123;  // what fits in a WebSocket close frame
constexpr std::size_t first_read_bytes = 64;   // an Act, a Hello or a Ping fits
constexpr std::size_t kept_read_buffer = 1024;

std::string printable(std::string_view text, std::size_t limit) {
    std::string out;
    for (const char c : text.substr(0, limit)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
}

// What this server speaks, the start of every Welcome and the whole of a refusal's Error.server.
v1::Welcome versions_spoken() {
    v1::Welcome spoken;
    spoken.set_server_version(GOLF_VERSION);
    spoken.set_protocol_version(protocol_version);
    spoken.set_min_protocol_version(oldest_protocol_version);
    return spoken;
}

v1::ServerMessage version_refusal(std::uint32_t request_id, std::uint32_t asked) {
    v1::ServerMessage refusal;
    refusal.set_request_id(request_id);
    auto& error = *refusal.mutable_error();
    error.set_code(v1::ERROR_CODE_UNSUPPORTED_VERSION);
    error.set_message(unsupported_version_sentence(asked));
    *error.mutable_server() = versions_spoken();
    return refusal;
}

}  // namespace

std::string random_session_id() {
    std::array<unsigned char, 16> bytes{};
    if (RAND_bytes(bytes.data(), static_cast<int>(bytes.size())) != 1) {
        // Only an id for logs and bug reports, so a non-cryptographic fallback is acceptable.
        std::random_device device;
        for (auto& b : bytes) b = static_cast<unsigned char>(device());
    }
    static constexpr char digits[] = "0123456789abcdef";
    std::string id;
    for (const unsigned char b : bytes) {
        id += digits[b >> 4];
        id += digits[b & 0x0f];
    }
    return id;
}

websocket_session::websocket_session(connection_socket socket, std::shared_ptr<shared_state> state,
                                     std::unique_ptr<shared_state::ticket> ticket)
    : ws_(std::move(socket)),
      state_(std::move(state)),
      ticket_(std::move(ticket)),
      session_id_(random_session_id()),
      address_(ticket_->address()),
      deadline_(ws_.get_executor()) {}

websocket_session::~websocket_session() {
    // Only when the io_context was stopped before this session could finish (a shutdown's drain deadline).
    if (open_ && !finished_) state_->counters().connections_open.fetch_sub(1);
}

void websocket_session::run(beast::http::request<beast::http::string_body> upgrade) {
    ticket_->serve(std::weak_ptr<websocket_session>(shared_from_this()));
    net::dispatch(ws_.get_executor(), [self = shared_from_this(), upgrade = std::move(upgrade)]() mutable {
        const server_config& config = self->state_->config();
        auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.handshake_timeout = config.handshake_timeout;
        // The idle timeout is the session's own (watch_idle): Beast's re-arms a timer at the start of every read,
        // cancelling the last wait, which costs a queued completion and the timer queue's lock per frame.
        timeouts.idle_timeout = websocket::stream_base::none();
        timeouts.keep_alive_pings = false;
        self->ws_.set_option(timeouts);
        self->ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& response) {
            response.set(beast::http::field::server, "golf-server/" GOLF_VERSION);
            add_security_headers(response, {});  // a refused handshake's answer is an answer too
        }));
        self->ws_.control_callback([raw = self.get()](websocket::frame_type, beast::string_view) {
            raw->last_heard_ = clock::now();  // a pong (or a ping) counts as hearing from the client
        });
        self->ws_.read_message_max(config.max_message_bytes);
        self->ws_.binary(true);
        self->tokens_ = 2.0 * std::max(1, config.max_messages_per_second);
        self->refilled_ = clock::now();
        self->deadline_.expires_after(config.handshake_timeout);
        self->deadline_.async_wait(beast::bind_front_handler(&websocket_session::on_deadline, self));
        self->ws_.async_accept(upgrade, beast::bind_front_handler(&websocket_session::on_accept, self));
    });
}

void websocket_session::send(std::shared_ptr<const std::string> frame) {
    net::defer(ws_.get_executor(),
               [self = shared_from_this(), frame = std::move(frame)]() mutable { self->enqueue(std::move(frame)); });
}

void websocket_session::close(std::string_view reason) {
    net::post(ws_.get_executor(), [self = shared_from_this(), reason = std::string(reason)]() mutable {
        self->begin_close(std::move(reason), close_code::normal);
    });
}

void websocket_session::shut_down() {
    net::post(ws_.get_executor(),
              [self = shared_from_this()] { self->begin_close("server shutting down", close_code::going_away); });
}

void websocket_session::on_accept(boost::system::error_code error) {
    if (error) {
        log_error("websocket handshake", error);
        return finish("websocket handshake failed: " + error.message());
    }
    if (finished_) return;
    open_ = true;
    state_->counters().connections_open.fetch_add(1);
    state_->counters().connections_total.fetch_add(1);
    spdlog::info("connection open: session {} from {}", session_id_, address_);
    do_read();
}

void websocket_session::on_deadline(boost::system::error_code error) {
    if (error || finished_) return;  // cancelled: Hello arrived, or a close deadline replaced this one
    if (closing_) return finish("the close did not complete in time");
    if (greeted_) return;
    if (!open_) return finish("no WebSocket handshake in time");
    begin_close("no Hello within " + std::to_string(state_->config().handshake_timeout.count()) + " s",
                close_code::policy_error);
}

void websocket_session::check_idle() {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
        if (self->greeted_ && !self->closing_ && !self->finished_) self->watch_idle();
    });
}

void websocket_session::watch_idle() {
    // Quiet for half the timeout: a WebSocket ping, which any client answers while it reads. Quiet for all of it,
    // the ping unanswered: closed. Looked at four times per timeout (server::sweep_idle), so a ping goes out after
    // a half to three quarters of it and the close comes within a quarter past it.
    const std::chrono::seconds timeout = state_->config().idle_timeout;
    const std::chrono::milliseconds half = std::chrono::milliseconds(timeout) / 2;  // not whole seconds: 1 s / 2
    const clock::time_point now = clock::now();
    const auto quiet = now - last_heard_;
    if (quiet >= timeout) {
        state_->counters().idle_closed.fetch_add(1);
        return begin_close("nothing heard for " + std::to_string(timeout.count()) + " s", close_code::policy_error);
    }
    if (quiet >= half && pinged_at_ < last_heard_) {
        pinged_at_ = now;
        ws_.async_ping({}, [self = shared_from_this()](boost::system::error_code error) {
            if (error) self->log_error("ping", error);  // the read sees the connection go
        });
    }
}

void websocket_session::do_read() {
    // A message's first piece is read with a small limit: a read waiting on an idle connection holds a buffer of
    // first_read_bytes instead of the 1.5 KiB Beast would prepare. Most requests fit in it; the rest take two reads.
    const std::size_t limit = buffer_.size() == 0 ? first_read_bytes : 0;
    ws_.async_read_some(buffer_, limit,
                        beast::bind_front_handler(&websocket_session::on_read_some, shared_from_this()));
}

void websocket_session::on_read_some(boost::system::error_code error, std::size_t) {
    if (!error && !ws_.is_message_done()) return do_read();  // read_message_max still bounds the whole message
    on_read(error);
}

void websocket_session::on_read(boost::system::error_code error) {
    if (error) {
        if (error == websocket::error::message_too_big) {
            // Beast has already sent the close frame (1009, too big).
            state_->counters().bad_frames.fetch_add(1);
            return finish("frame over " + std::to_string(state_->config().max_message_bytes) + " bytes");
        }
        log_error("read", error);
        return finish(error == websocket::error::closed ? "closed by the client" : error.message());
    }
    const clock::time_point received = clock::now();
    last_heard_ = received;
    if (closing_ || finished_) {
        // The close handshake reads (and drops) whatever the client still sends.
        buffer_.consume(buffer_.size());
        return;
    }
    auto& counters = state_->counters();
    counters.messages_in.fetch_add(1);
    if (!take_token(received)) {
        buffer_.consume(buffer_.size());
        return begin_close("too many messages", close_code::policy_error);
    }
    if (!ws_.got_binary()) {
        counters.bad_frames.fetch_add(1);
        buffer_.consume(buffer_.size());
        return begin_close("binary frames only", close_code::policy_error);
    }
    v1::ClientMessage message;
    const auto data = buffer_.data();
    const bool decoded = message.ParseFromArray(data.data(), static_cast<int>(data.size()));
    buffer_.consume(buffer_.size());
    if (!decoded) {
        counters.bad_frames.fetch_add(1);
        return begin_close("undecodable frame", close_code::bad_payload);
    }
    handle(std::move(message), received);
    // Most connections are idle most of the time: a buffer grown by a large message goes back once it is handled.
    if (buffer_.capacity() > kept_read_buffer) buffer_.shrink_to_fit();
    if (!closing_ && !finished_) do_read();
}

void websocket_session::handle(v1::ClientMessage message, clock::time_point received) {
    using body = v1::ClientMessage::BodyCase;
    const std::uint32_t id = message.request_id();
    auto& counters = state_->counters();
    const auto refuse = [&](v1::ErrorCode code, const std::string& text) {
        counters.errors.fetch_add(1);
        reply(error_frame(id, code, text), received);
    };

    if (!greeted_) {
        if (message.body_case() != body::kHello) {
            refuse(v1::ERROR_CODE_HELLO_FIRST, "the first message must be Hello");
            return begin_close("the first message must be Hello", close_code::policy_error);
        }
        if (const std::uint32_t asked = message.hello().protocol_version(); !protocol_supported(asked)) {
            counters.errors.fetch_add(1);
            reply(encode(version_refusal(id, asked)), received);
            return begin_close("unsupported protocol version", close_code::policy_error);
        }
        greeted_ = true;
        deadline_.cancel();
        set_update_answers_act(message.hello().update_answers_act());
        spdlog::debug("session {}: hello from '{}'", session_id_, printable(message.hello().client_name(), 64));
        v1::ServerMessage welcome;
        welcome.set_request_id(id);
        *welcome.mutable_welcome() = versions_spoken();
        welcome.mutable_welcome()->set_session_id(session_id_);
        welcome.mutable_welcome()->set_update_answers_act(update_answers_act());
        welcome.mutable_welcome()->set_node(state_->config().node);
        return reply(encode(welcome), received);
    }

    switch (message.body_case()) {
        case body::kPing: {
            v1::ServerMessage pong;
            pong.set_request_id(id);
            pong.mutable_pong()->set_nonce(message.ping().nonce());
            return reply(encode(pong), received);
        }
        case body::kHello: return refuse(v1::ERROR_CODE_BAD_REQUEST, "Hello was already received");
        default: break;
    }
    try {
        state_->games()->handle(shared_from_this(), std::move(message), received);
    } catch (const std::exception& e) {
        // No input may take the server down; the request is refused and the connection carries on.
        spdlog::error("session {}: request failed: {}", session_id_, e.what());
        refuse(v1::ERROR_CODE_INTERNAL, "the server failed to handle this request");
    }
}

void websocket_session::reply(std::shared_ptr<const std::string> frame, clock::time_point received) {
    enqueue(std::move(frame));
    state_->counters().observe_latency(clock::now() - received);
}

bool websocket_session::take_token(clock::time_point now) {
    // A token bucket: refills at the allowed rate and holds two seconds' worth, so short bursts pass.
    const double rate = std::max(1, state_->config().max_messages_per_second);
    tokens_ = std::min(2.0 * rate, tokens_ + rate * std::chrono::duration<double>(now - refilled_).count());
    refilled_ = now;
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
}

void websocket_session::enqueue(std::shared_ptr<const std::string> frame) {
    if (!open_ || closing_ || finished_) return;
    if (queue_.size() >= state_->config().write_queue_limit) {
        state_->counters().slow_clients_cut.fetch_add(1);
        return finish("too slow: " + std::to_string(queue_.size()) + " frames waiting");
    }
    queue_.push_back(std::move(frame));
    if (queue_.size() == 1) do_write();
}

void websocket_session::do_write() {
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&websocket_session::on_write, shared_from_this()));
}

void websocket_session::on_write(boost::system::error_code error, std::size_t) {
    if (error) {
        log_error("write", error);
        return finish(error.message());
    }
    state_->counters().frames_out.fetch_add(1);
    queue_.pop_front();
    if (finished_) return;
    if (!queue_.empty()) return do_write();
    if (closing_)
        ws_.async_close(close_reason_, beast::bind_front_handler(&websocket_session::on_close, shared_from_this()));
}

void websocket_session::begin_close(std::string reason, close_code code) {
    if (closing_ || finished_) return;
    closing_ = true;
    close_why_ = reason;
    if (!open_) return finish(reason);
    if (reason.size() > max_close_reason) reason.resize(max_close_reason);
    close_reason_ = websocket::close_reason(code, reason);
    // The Closing message goes after everything already queued; the close frame follows it (see on_write).
    deadline_.expires_after(state_->config().handshake_timeout);
    deadline_.async_wait(beast::bind_front_handler(&websocket_session::on_deadline, shared_from_this()));
    v1::ServerMessage closing;
    closing.mutable_closing()->set_reason(close_why_);
    if (queue_.size() >= state_->config().write_queue_limit) {
        state_->counters().slow_clients_cut.fetch_add(1);
        return finish("too slow to be told: " + close_why_);
    }
    queue_.push_back(encode(closing));
    if (queue_.size() == 1) do_write();
}

void websocket_session::on_close(boost::system::error_code error) {
    if (error) log_error("close", error);
    finish(close_why_);
}

void websocket_session::finish(std::string_view why) {
    if (finished_) return;
    finished_ = true;
    deadline_.cancel();
    // Frees what waits; the frame being written stays until its write completes (aborted by the close below).
    queue_.drop_waiting();
    // Whatever is still pending on the socket ends with operation_aborted.
    boost::system::error_code ignored;
    beast::get_lowest_layer(ws_).close(ignored);
    if (!open_) {
        spdlog::debug("session {} from {}: {}", session_id_, address_, why);
        return;
    }
    state_->counters().connections_open.fetch_sub(1);
    spdlog::info("connection closed: session {} from {}: {}", session_id_, address_, why);
    if (greeted_) {
        if (const auto& games = state_->games()) games->disconnected(shared_from_this());
    }
}

void websocket_session::log_error(std::string_view what, const boost::system::error_code& error) const {
    if (expected_network_error(error)) spdlog::debug("session {}: {}: {}", session_id_, what, error.message());
    else spdlog::warn("session {} from {}: {}: {}", session_id_, address_, what, error.message());
}

}  // namespace golf::server
