#include "cli/load/load_connection.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/ssl.hpp>
#include <netinet/in.h>

#include "golf/v1/messages.pb.h"

namespace golf::cli::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = net::ip::tcp;

namespace {

constexpr auto setup_timeout = std::chrono::seconds(30);
constexpr std::size_t max_frame_bytes = 1024 * 1024;

std::string hello_frame(bool update_answers_act) {
    v1::ClientMessage hello;
    hello.set_request_id(1);
    hello.mutable_hello()->set_client_name("golf-load");
    hello.mutable_hello()->set_protocol_version(1);
    hello.mutable_hello()->set_update_answers_act(update_answers_act);
    return hello.SerializeAsString();
}

}  // namespace

net::ip::address source_address_for(const tcp::endpoint& server, std::uint64_t n) {
    if (!server.address().is_v4() || !server.address().is_loopback()) return {};
    return net::ip::address_v4(0x7f000002u + static_cast<std::uint32_t>(n % 253));
}

ws_connection::ws_connection(strand executor, target where, net::ip::address source, greeting greet,
                             connection_owner& owner, int id)
    : connect_deadline_(executor), where_(std::move(where)), source_(source), owner_(owner), id_(id), greet_(greet) {
    if (!where_.tls) {
        plain_.emplace(executor);
        return;
    }
    secure_.emplace(executor, *where_.tls);
    verdict_ = std::make_shared<client::tls::verdict>();
    client::tls::prepare(secure_->next_layer(), where_.host, verdict_);
}

socket_type& ws_connection::socket() {
    return with_ws([](auto& ws) -> socket_type& { return beast::get_lowest_layer(ws); });
}

void ws_connection::start() {
    net::dispatch(connect_deadline_.get_executor(), [self = shared_from_this()] {
        socket_type& socket = self->socket();
        boost::system::error_code error;
        socket.open(self->where_.server.protocol(), error);
        if (error) return self->lose("socket: " + error.message());
        if (!self->source_.is_unspecified()) {
            // The port is chosen at connect time, per destination, so a source address's ports go further.
            const int on = 1;
            ::setsockopt(socket.native_handle(), IPPROTO_IP, IP_BIND_ADDRESS_NO_PORT, &on, sizeof on);
            socket.bind(tcp::endpoint(self->source_, 0), error);
            if (error) return self->lose("bind " + self->source_.to_string() + ": " + error.message());
        }
        socket.set_option(tcp::no_delay(true), error);
        self->connect_deadline_.expires_after(setup_timeout);
        self->connect_deadline_.async_wait([self](boost::system::error_code waited) {
            if (waited) return;  // cancelled: the connect finished first
            self->connect_timed_out_ = true;
            boost::system::error_code ignored;
            self->socket().close(ignored);  // the connect (or TLS handshake) ends with operation_aborted
        });
        socket.async_connect(self->where_.server, beast::bind_front_handler(&ws_connection::on_connect, self));
    });
}

void ws_connection::on_connect(boost::system::error_code error) {
    if (aborted_) return;
    if (connect_timed_out_) return lose("connect: no answer within " + std::to_string(setup_timeout.count()) + " s");
    if (error) return lose("connect: " + error.message());
    if (!secure_) {
        connect_deadline_.cancel();
        return start_websocket();
    }
    // The connect timer goes on to bound the TLS handshake too.
    secure_->next_layer().async_handshake(
        net::ssl::stream_base::client, beast::bind_front_handler(&ws_connection::on_tls_handshake, shared_from_this()));
}

void ws_connection::on_tls_handshake(boost::system::error_code error) {
    if (aborted_) return;
    if (connect_timed_out_)
        return lose("TLS handshake: no answer within " + std::to_string(setup_timeout.count()) + " s");
    if (error) return lose(client::tls::handshake_failure(error, *verdict_, where_.host));
    connect_deadline_.cancel();
    start_websocket();
}

void ws_connection::start_websocket() {
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::client);
    timeouts.handshake_timeout = setup_timeout;
    with_ws([&](auto& ws) {
        ws.set_option(timeouts);
        ws.read_message_max(max_frame_bytes);
        ws.binary(true);
        ws.async_handshake(where_.host, where_.path,
                           beast::bind_front_handler(&ws_connection::on_handshake, shared_from_this()));
    });
}

void ws_connection::on_handshake(boost::system::error_code error) {
    if (aborted_) return;
    if (error) return lose("WebSocket handshake: " + error.message());
    do_read();
    if (greet_ == greeting::none) {
        open_ = was_opened_ = true;
        return owner_.on_open(*this);
    }
    send(hello_frame(greet_ == greeting::hello_update_answers_act));
}

void ws_connection::do_read() {
    with_ws([this](auto& ws) {
        ws.async_read(buffer_, beast::bind_front_handler(&ws_connection::on_read, shared_from_this()));
    });
}

void ws_connection::on_read(boost::system::error_code error, std::size_t) {
    if (aborted_) return;
    if (error) {
        if (error != websocket::error::closed) return lose("read: " + error.message());
        const auto& why = with_ws([](auto& ws) -> const websocket::close_reason& { return ws.reason(); });
        return lose("closed by the server: " + std::string(why.reason.data(), why.reason.size()));
    }
    ++frames_in_;
    const auto data = buffer_.data();
    const std::string_view frame(static_cast<const char*>(data.data()), data.size());
    if (!open_) {
        // The greeting: the first frame must be Welcome.
        v1::ServerMessage welcome;
        if (!welcome.ParseFromArray(frame.data(), static_cast<int>(frame.size())) || !welcome.has_welcome()) {
            const std::string why = welcome.has_error() ? welcome.error().message() : "not a Welcome";
            return lose("the server did not welcome us: " + why);
        }
        buffer_.consume(buffer_.size());
        open_ = was_opened_ = true;
        owner_.on_open(*this);
    } else {
        owner_.on_frame(*this, frame);
        buffer_.consume(buffer_.size());
    }
    if (!lost_ && !aborted_) do_read();
}

void ws_connection::send(std::string frame) {
    if (lost_ || aborted_) return;
    queue_.push_back(std::move(frame));
    if (queue_.size() == 1) do_write();
}

void ws_connection::do_write() {
    with_ws([this](auto& ws) {
        ws.async_write(net::buffer(queue_.front()),
                       beast::bind_front_handler(&ws_connection::on_write, shared_from_this()));
    });
}

void ws_connection::on_write(boost::system::error_code error, std::size_t) {
    if (aborted_) return;
    if (error) return lose("write: " + error.message());
    ++frames_out_;
    queue_.pop_front();
    if (!queue_.empty()) do_write();
}

void ws_connection::abort() {
    net::post(connect_deadline_.get_executor(), [self = shared_from_this()] {
        self->aborted_ = true;
        boost::system::error_code ignored;
        self->socket().close(ignored);
        self->connect_deadline_.cancel();
    });
}

void ws_connection::lose(const std::string& why) {
    if (lost_) return;
    lost_ = true;
    open_ = false;
    // The frame being written stays until its write completes (aborted by the close below).
    if (!queue_.empty()) queue_.erase(queue_.begin() + 1, queue_.end());
    boost::system::error_code ignored;
    socket().close(ignored);
    connect_deadline_.cancel();
    owner_.on_lost(*this, why);
}

}  // namespace golf::cli::load
