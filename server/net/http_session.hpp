// One HTTP connection (keep-alive): GET /healthz, /metrics, the history API under /api/ (answered from the history
// thread), the web client's files, and GET /ws with an Upgrade, which hands the socket to a WebSocket session.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/basic_stream.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/message_generator.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/string_body.hpp>
#include <memory>
#include <optional>

#include "server/net/connection_socket.hpp"
#include "server/net/shared_state.hpp"

namespace golf::server {

class http_session : public connection, public std::enable_shared_from_this<http_session> {
public:
    http_session(connection_socket socket, std::shared_ptr<shared_state> state,
                 std::unique_ptr<shared_state::ticket> ticket);

    void run();
    void shut_down() override;

private:
    void do_read();
    void on_read(boost::system::error_code error, std::size_t bytes);
    using request = boost::beast::http::request<boost::beast::http::string_body>;
    // A request read whole: the WebSocket upgrade, or one of the HTTP routes.
    void on_request(const request& req);
    bool admit_upgrade(const request& req);
    void answer(const request& req, bool keep_alive);
    void answer_tournaments(const request& req, bool keep_alive);  // GET /api/tournaments[/ID]
    void answer_history(const request& req, bool keep_alive);
    void answer_table_route(const request& req, bool keep_alive);
    void answer_metrics(const request& req, bool keep_alive);
    using response_type = boost::beast::http::response<boost::beast::http::string_body>;
    // Every answer goes out here, with the security headers (security_headers.hpp).
    void send(response_type response, bool keep_alive);
    void on_write(bool keep_alive, boost::system::error_code error, std::size_t bytes);
    void do_close();

    boost::beast::basic_stream<boost::asio::ip::tcp, connection_executor> stream_;
    boost::beast::flat_buffer buffer_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
    std::shared_ptr<shared_state> state_;
    std::unique_ptr<shared_state::ticket> ticket_;
    bool stopping_ = false;  // shut_down() was called: answer nothing more
    std::string host_;       // the Host header of the request being answered, for the policy's connect-src
    std::string client_;     // who asked it: the peer, or behind a trusted proxy the forwarded address
};

// GET /healthz's answer: empty when healthy, else the reason.
std::string health_problem(const shared_state& state);

}  // namespace golf::server
