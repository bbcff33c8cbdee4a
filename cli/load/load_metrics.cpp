// GET /metrics for `golf load`: one short-lived HTTP request (HTTPS for a wss:// URL) on its own io_context, bounded
// by a few seconds.
#include "cli/load/load_metrics.hpp"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>

namespace golf::cli::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

namespace {

// Connects `stream`'s socket, then `then()`; with TLS the handshake comes between.
template <class Then>
void open(beast::tcp_stream& stream, const settings& config, Then then) {
    stream.async_connect(config.where.server, [then](boost::system::error_code error) {
        if (!error) then();
    });
}

template <class Then>
void open(beast::ssl_stream<beast::tcp_stream>& stream, const settings& config, Then then) {
    client::tls::prepare(stream, config.where.host, std::make_shared<client::tls::verdict>());
    beast::get_lowest_layer(stream).async_connect(config.where.server, [&stream, then](boost::system::error_code e) {
        if (!e)
            stream.async_handshake(net::ssl::stream_base::client, [then](boost::system::error_code error) {
                if (!error) then();
            });
    });
}

template <class Stream>
std::string fetch(Stream& stream, const settings& config, net::io_context& io) {
    beast::flat_buffer buffer;
    http::request<http::empty_body> request{http::verb::get, "/metrics", 11};
    request.set(http::field::host, config.where.host);
    request.set(http::field::connection, "close");
    http::response<http::string_body> response;
    beast::get_lowest_layer(stream).expires_after(std::chrono::seconds(5));
    open(stream, config, [&] {
        http::async_write(stream, request, [&](boost::system::error_code e, std::size_t) {
            if (e) return;
            http::async_read(stream, buffer, response, [](boost::system::error_code, std::size_t) {});
        });
    });
    io.run_for(std::chrono::seconds(6));
    return response.body();
}

}  // namespace

server_metrics read_metrics(const settings& config) {
    server_metrics result;
    net::io_context io;
    std::string body;
    if (config.where.tls) {
        beast::ssl_stream<beast::tcp_stream> stream(io, *config.where.tls);
        body = fetch(stream, config, io);
    } else {
        beast::tcp_stream stream(io);
        body = fetch(stream, config, io);
    }
    const auto value_of = [&](std::string_view name) -> double {
        std::size_t at = 0;
        while ((at = body.find(name, at)) != std::string::npos) {
            if ((at == 0 || body[at - 1] == '\n') && at + name.size() < body.size() && body[at + name.size()] == ' ')
                return std::strtod(body.c_str() + at + name.size() + 1, nullptr);
            at += name.size();
        }
        return -1;
    };
    result.resident_bytes =
        std::max<std::int64_t>(0, static_cast<std::int64_t>(value_of("golf_resident_memory_bytes")));
    result.connections_open = static_cast<std::int64_t>(value_of("golf_connections_open"));
    result.cpu_seconds = value_of("golf_process_cpu_seconds_total");
    result.cpu_system_seconds = value_of("golf_process_cpu_system_seconds_total");
    return result;
}

}  // namespace golf::cli::load
