// The socket of one client connection, its strand part of its type. Beast's tcp_stream and Asio's tcp::socket keep
// their executor as an any_io_executor, so every read, write and post of a frame went through that type erasure
// (copying, preferring and destroying the wrapped strand, a visible share of the CPU at saturation). The
// listener accepts straight into this type, and the HTTP and WebSocket sessions keep it.
#pragma once

#include <boost/asio/basic_stream_socket.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>

namespace golf::server {

using connection_executor = boost::asio::strand<boost::asio::io_context::executor_type>;
using connection_socket = boost::asio::basic_stream_socket<boost::asio::ip::tcp, connection_executor>;

}  // namespace golf::server
