// The registry's answers for a table that is not on this node (several nodes only): the router looks it up off
// the network threads, then the request is answered: seated here after a take-over, sent to the node that plays
// the table (ERROR_CODE_TABLE_ELSEWHERE with the node's name), or refused as before.
#include <boost/asio/post.hpp>

#include "server/common/secure.hpp"
#include "server/frames.hpp"
#include "server/registry/registry.hpp"

namespace golf::server {

void registry::route(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message, std::string code,
                     std::string token_hash) {
    const bool by_token = message.has_reclaim_seat();
    router_->locate(code, token_hash, [self = shared_from_this(), link, message, by_token](table_router::location l) {
        using kind = table_router::location::kind;
        switch (l.where) {
            case kind::here:
                if (by_token) return self->reclaim_seat(link, message, true, l.code);
                return self->join_table(link, message, true);
            case kind::elsewhere: {
                ++self->metrics_.errors;
                v1::ServerMessage out;
                out.set_request_id(message.request_id());
                out.mutable_error()->set_code(v1::ERROR_CODE_TABLE_ELSEWHERE);
                out.mutable_error()->set_message("table " + l.code + " is played on node " + l.node +
                                                 "; connect again with ?node=" + l.node);
                out.mutable_error()->set_node(l.node);
                return link->send(encode(out));
            }
            case kind::unavailable:
                return self->refuse(link, message, v1::ERROR_CODE_UNAVAILABLE,
                                    "the table's node cannot be found now; try again in a moment");
            case kind::not_found:
                if (by_token)
                    return self->refuse(link, message, v1::ERROR_CODE_BAD_TOKEN,
                                        "that seat token is not valid at any table");
                return self->refuse(link, message, v1::ERROR_CODE_NO_SUCH_TABLE, "there is no table with that code");
        }
    });
}

void registry::locate_table(const std::string& code, std::function<void(table_router::location)> done) {
    const std::string normalized = secure::normalize_join_code(code);
    using kind = table_router::location::kind;
    if (!normalized.empty() && find(normalized)) return done({kind::here, config_.node, normalized});
    if (!router_ || normalized.empty()) return done({kind::not_found, {}, normalized});
    router_->locate(normalized, {}, [done = std::move(done), node = config_.node](table_router::location l) {
        if (l.where == kind::here) l.node = node;
        done(std::move(l));
    });
}

}  // namespace golf::server
