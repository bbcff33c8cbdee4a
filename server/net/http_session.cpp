#include "server/net/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/write.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <spdlog/spdlog.h>

#include "server/net/network_errors.hpp"
#include "server/net/origin_check.hpp"
#include "server/net/security_headers.hpp"
#include "server/net/static_files.hpp"
#include "server/net/trusted_proxies.hpp"
#include "server/net/websocket_session.hpp"
#include "server/registry/history.hpp"
#include "server/registry/registry.hpp"
#include "server/tournaments/tournament_director.hpp"

namespace golf::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

constexpr std::size_t max_request_body = 8 * 1024;  // no route takes a body; this only bounds what we read

http::response<http::string_body> reply(unsigned version, bool keep_alive, http::verb method, http::status status,
                                        std::string body, std::string_view content_type = "text/plain; charset=utf-8") {
    http::response<http::string_body> response{status, version};
    response.set(http::field::server, "golf-server/" GOLF_VERSION);
    response.set(http::field::content_type, content_type);
    response.set(http::field::cache_control, "no-store");
    response.keep_alive(keep_alive);
    response.body() = std::move(body);
    response.prepare_payload();
    // HEAD gets the headers (and the length) a GET would, without the body.
    if (method == http::verb::head) response.body().clear();
    return response;
}

std::string_view path_of(std::string_view target) { return target.substr(0, target.find('?')); }

// An Origin header for a log line: printable, and not so long that it floods the log.
std::string printable_origin(std::string_view origin) {
    std::string out;
    for (const char c : origin.substr(0, 200)) out += (c >= 0x20 && c < 0x7f) ? c : '?';
    return out;
}

// Every X-Forwarded-For field of the request, in order, as one list (a proxy may add a field of its own).
std::string forwarded_for(const http::request<http::string_body>& req) {
    std::string list;
    for (auto [field, end] = req.equal_range("X-Forwarded-For"); field != end; ++field)
        list += (list.empty() ? "" : ", ") + std::string(field->value());
    return list;
}

}  // namespace

std::string health_problem(const shared_state& state) {
    if (!state.accepting()) return "not accepting connections (shutting down)";
    const auto& store = state.store();
    if (!store) return "no database";
    // The writer's own verdict: the last write failed (a full disk, an I/O error) and is being retried.
    const persistence::store_health health = store->health();
    if (!health.ok)
        return "database writes are failing and being retried (" + std::to_string(health.pending) +
               " records waiting): " + health.last_error;
    return {};
}

http_session::http_session(connection_socket socket, std::shared_ptr<shared_state> state,
                           std::unique_ptr<shared_state::ticket> ticket)
    : stream_(std::move(socket)), state_(std::move(state)), ticket_(std::move(ticket)) {}

void http_session::run() {
    ticket_->serve(std::weak_ptr<http_session>(shared_from_this()));
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&http_session::do_read, shared_from_this()));
}

void http_session::shut_down() {
    net::post(stream_.get_executor(), [self = shared_from_this()] {
        self->stopping_ = true;
        // Only a wait for the next request is cut short; a response being written is finished first.
        if (self->parser_ && !self->parser_->is_done()) self->stream_.cancel();
    });
}

void http_session::do_read() {
    if (stopping_) return do_close();
    parser_.emplace();
    host_.clear();
    client_.clear();
    parser_->body_limit(max_request_body);
    stream_.expires_after(state_->config().handshake_timeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&http_session::on_read, shared_from_this()));
}

void http_session::on_read(boost::system::error_code error, std::size_t) {
    const std::string& address = ticket_->address();  // no request yet names a client behind a proxy
    if (error == http::error::end_of_stream) return do_close();
    if (error) {
        if (expected_network_error(error)) {
            spdlog::debug("http {}: {}", address, error.message());
            return;
        }
        // A malformed or oversized request: say so and close.
        spdlog::debug("http {}: bad request: {}", address, error.message());
        const auto status =
            error == http::error::body_limit ? http::status::payload_too_large : http::status::bad_request;
        return send(reply(11, false, http::verb::get, status, error.message() + "\n"), false);
    }
    on_request(parser_->get());
}

void http_session::on_request(const request& req) {
    const bool keep_alive = req.keep_alive() && !stopping_;
    const http::verb method = req.method();
    host_ = std::string(req[http::field::host]);
    client_ = forwarded_client(state_->config().trusted_proxies, ticket_->address(), forwarded_for(req));
    spdlog::debug("http {}: {} {}", client_, std::string(req.method_string()), std::string(req.target()));

    if (path_of(req.target()) == "/ws" && beast::websocket::is_upgrade(req)) {
        if (!state_->accepting()) {
            state_->counters().connections_refused.fetch_add(1);
            return send(reply(req.version(), false, method, http::status::service_unavailable, "shutting down\n"),
                        false);
        }
        if (!admit_upgrade(req)) return;
        stream_.expires_never();
        std::make_shared<websocket_session>(stream_.release_socket(), state_, std::move(ticket_))
            ->run(parser_->release());
        return;
    }
    if (method != http::verb::get && method != http::verb::head) {
        auto response = reply(req.version(), keep_alive, method, http::status::method_not_allowed, "use GET\n");
        response.set(http::field::allow, "GET, HEAD");
        return send(std::move(response), keep_alive);
    }
    answer(req, keep_alive);
}

// The Origin check, then (for a trusted proxy's connection) the client's place in the per-address count; a refusal
// is answered here.
bool http_session::admit_upgrade(const request& req) {
    const auto origin_field = req.find(http::field::origin);
    const std::optional<std::string_view> origin =
        origin_field == req.end() ? std::nullopt : std::optional<std::string_view>(origin_field->value());
    if (!origin_allowed(state_->config().allowed_origins, origin, host_)) {
        spdlog::info("refused a WebSocket from {}: origin {} may not open one here", client_,
                     printable_origin(*origin));
        send(reply(req.version(), false, req.method(), http::status::forbidden,
                   "a page from another site may not open a game connection here\n"),
             false);
        return false;
    }
    if (!ticket_->count_as(client_)) {
        state_->counters().connections_refused.fetch_add(1);
        spdlog::info("refused a connection from {}: it already has {} open", client_,
                     state_->config().max_connections_per_address);
        send(reply(req.version(), false, req.method(), http::status::service_unavailable,
                   "too many connections from your address\n"),
             false);
        return false;
    }
    return true;
}

// GET and HEAD, by path.
void http_session::answer(const request& req, bool keep_alive) {
    const std::string_view path = path_of(req.target());
    const http::verb method = req.method();
    if (path == "/ws") {
        auto response = reply(req.version(), keep_alive, method, http::status::upgrade_required,
                              "this path takes a WebSocket connection\n");
        response.set(http::field::upgrade, "websocket");
        return send(std::move(response), keep_alive);
    }
    if (path == "/healthz") {
        const std::string problem = health_problem(*state_);
        if (!problem.empty()) {
            spdlog::warn("unhealthy: {}", problem);
            return send(reply(req.version(), keep_alive, method, http::status::service_unavailable, problem + "\n"),
                        keep_alive);
        }
        return send(reply(req.version(), keep_alive, method, http::status::ok, "ok\n"), keep_alive);
    }
    if (path.starts_with("/api/tables/")) return answer_table_route(req, keep_alive);
    if (tournament_director::is_api_path(path)) return answer_tournaments(req, keep_alive);
    if (history::is_api_path(path)) return answer_history(req, keep_alive);
    if (path == "/metrics") return answer_metrics(req, keep_alive);
    auto file = find_static_file(state_->config().web_root, path);
    if (!file)
        return send(reply(req.version(), keep_alive, method, http::status::not_found, "not found\n"), keep_alive);
    auto response =
        reply(req.version(), keep_alive, method, http::status::ok, std::move(file->body), file->content_type);
    response.set(http::field::cache_control, file->immutable ? "public, max-age=31536000, immutable" : "no-cache");
    send(std::move(response), keep_alive);
}

void http_session::answer_tournaments(const request& req, bool keep_alive) {
    const http::verb method = req.method();
    const auto& games = state_->games();
    const auto director = games ? games->tournaments() : nullptr;
    if (!director)
        return send(reply(req.version(), keep_alive, method, http::status::service_unavailable,
                          "{\"error\":\"this server keeps no tournaments\"}\n", "application/json"),
                    keep_alive);
    director->answer_http(std::string(req.target()), [self = shared_from_this(), version = req.version(), keep_alive,
                                                      method](history::http_reply answer) {
        net::post(self->stream_.get_executor(), [self, version, keep_alive, method, answer = std::move(answer)] {
            self->send(reply(version, keep_alive, method, static_cast<http::status>(answer.status),
                             std::move(answer.body), "application/json"),
                       keep_alive);
        });
    });
}

void http_session::answer_history(const request& req, bool keep_alive) {
    const http::verb method = req.method();
    const auto& past = state_->past();
    if (!past)
        return send(reply(req.version(), keep_alive, method, http::status::service_unavailable,
                          "{\"error\":\"this server keeps no history\"}\n", "application/json"),
                    keep_alive);
    // The query runs on the history thread; the answer comes back to this connection's executor.
    past->answer_http(std::string(req.target()), [self = shared_from_this(), version = req.version(), keep_alive,
                                                  method](history::http_reply answer) {
        net::post(self->stream_.get_executor(), [self, version, keep_alive, method, answer = std::move(answer)] {
            self->send(reply(version, keep_alive, method, static_cast<http::status>(answer.status),
                             std::move(answer.body), "application/json"),
                       keep_alive);
        });
    });
}

// GET /api/tables/CODE: the node that plays a table, so a client (or a proxy) can go straight there.
void http_session::answer_table_route(const request& req, bool keep_alive) {
    const auto& games = state_->games();
    const std::string code(path_of(req.target()).substr(12));
    if (!games)
        return send(reply(req.version(), keep_alive, req.method(), http::status::service_unavailable,
                          "{\"error\":\"shutting down\"}\n", "application/json"),
                    keep_alive);
    games->locate_table(code, [self = shared_from_this(), version = req.version(), keep_alive,
                               method = req.method()](table_router::location l) {
        using kind = table_router::location::kind;
        const bool found = l.where == kind::here || l.where == kind::elsewhere;
        const auto status = found                          ? http::status::ok
                            : l.where == kind::unavailable ? http::status::service_unavailable
                                                           : http::status::not_found;
        std::string body = found ? "{\"code\":\"" + l.code + "\",\"node\":\"" + l.node + "\"}\n"
                           : l.where == kind::unavailable ? "{\"error\":\"the table's node cannot be found now\"}\n"
                                                          : "{\"error\":\"no such table\"}\n";
        net::post(self->stream_.get_executor(), [self, version, keep_alive, method, status, body = std::move(body)] {
            self->send(reply(version, keep_alive, method, status, body, "application/json"), keep_alive);
        });
    });
}

void http_session::answer_metrics(const request& req, bool keep_alive) {
    const auto& games = state_->games();
    const auto& store = state_->store();
    const std::optional<persistence::store_health> database =
        store ? std::optional(store->health()) : std::nullopt;  // a copy under the store's lock, no database call
    std::string text = state_->counters().render(games ? games->count_tables() : table_counts{}, resident_bytes(),
                                                 database ? &*database : nullptr);
    send(reply(req.version(), keep_alive, req.method(), http::status::ok, std::move(text),
               "text/plain; version=0.0.4; charset=utf-8"),
         keep_alive);
}

void http_session::send(response_type response, bool keep_alive) {
    add_security_headers(response, host_);
    stream_.expires_after(state_->config().handshake_timeout);
    beast::async_write(stream_, http::message_generator(std::move(response)),
                       beast::bind_front_handler(&http_session::on_write, shared_from_this(), keep_alive));
}

void http_session::on_write(bool keep_alive, boost::system::error_code error, std::size_t) {
    if (error) {
        spdlog::debug("http {}: write: {}", client_.empty() ? ticket_->address() : client_, error.message());
        return;
    }
    if (!keep_alive || stopping_) return do_close();
    do_read();
}

void http_session::do_close() {
    // Half-close, so the client reads everything we sent before it sees the end.
    boost::system::error_code ignored;
    stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ignored);
}

}  // namespace golf::server
