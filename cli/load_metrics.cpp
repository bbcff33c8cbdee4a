// GET /metrics for `golf load`: one short-lived HTTP request on its own io_context, bounded by a few seconds.
#include "cli/load_metrics.hpp"

#include <algorithm>
#include <boost/asio/io_context.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdlib>
#include <string>
#include <string_view>

namespace golf::cli::load {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;

server_metrics read_metrics(const settings& config) {
    server_metrics result;
    net::io_context io;
    beast::tcp_stream stream(io);
    beast::flat_buffer buffer;
    http::request<http::empty_body> request{http::verb::get, "/metrics", 11};
    request.set(http::field::host, config.where.host);
    request.set(http::field::connection, "close");
    http::response<http::string_body> response;
    stream.expires_after(std::chrono::seconds(5));
    stream.async_connect(config.where.server, [&](boost::system::error_code error) {
        if (error) return;
        http::async_write(stream, request, [&](boost::system::error_code e, std::size_t) {
            if (e) return;
            http::async_read(stream, buffer, response, [](boost::system::error_code, std::size_t) {});
        });
    });
    io.run_for(std::chrono::seconds(6));
    const std::string& body = response.body();
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
