// Which network errors are a peer going away (logged at debug) rather than a fault (logged as a warning): one list
// for the HTTP and the WebSocket sessions.
#pragma once

#include <boost/asio/error.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/http/error.hpp>
#include <boost/beast/websocket/error.hpp>

namespace golf::server {

inline bool expected_network_error(const boost::system::error_code& error) {
    namespace net = boost::asio;
    namespace beast = boost::beast;
    return error == net::error::operation_aborted || error == net::error::eof || error == beast::error::timeout ||
           error == net::error::connection_reset || error == net::error::broken_pipe ||
           error == beast::http::error::end_of_stream || error == beast::websocket::error::closed;
}

}  // namespace golf::server
