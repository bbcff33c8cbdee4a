#include "server/accounts/accounts.hpp"

#include <spdlog/spdlog.h>

#include <boost/asio/post.hpp>
#include <ctime>

#include "ratings/weng_lin.hpp"
#include "server/accounts/passwords.hpp"
#include "server/accounts/player_names.hpp"
#include "server/frames.hpp"
#include "server/printable_text.hpp"

namespace golf::server {

namespace {

using clock = std::chrono::steady_clock;

constexpr std::size_t max_secret_bytes = 128;
constexpr std::size_t max_label_chars = 40;

std::int64_t unix_now() { return static_cast<std::int64_t>(std::time(nullptr)); }

v1::ServerMessage wait_error(std::string why, std::chrono::milliseconds wait) {
    auto out = error_message(v1::ERROR_CODE_RATE_LIMITED,
                             why + "; try again in " + std::to_string((wait.count() + 999) / 1000) + " s");
    out.mutable_error()->set_retry_after_ms(static_cast<std::uint32_t>(wait.count()));
    return out;
}

v1::ApiKeyInfo to_proto(const persistence::api_key_record& k) {
    v1::ApiKeyInfo out;
    out.set_id(k.id);
    out.set_label(k.label);
    out.set_prefix(k.prefix);
    out.set_created_unix(k.created_at);
    out.set_last_used_unix(k.last_used_at);
    return out;
}

}  // namespace

accounts::accounts(std::shared_ptr<persistence::match_store> store)
    : store_(std::move(store)),
      accounts_(store_ ? store_->accounts() : nullptr),
      moderation_(store_ ? store_->moderation() : nullptr),
      names_(attempt_throttle::sign_ins_per_name()),
      addresses_(attempt_throttle::sign_ins_per_address()),
      registrations_(attempt_throttle::registrations_per_address()) {}

accounts::~accounts() { stop(); }

void accounts::stop() {
    if (!stopped_.exchange(true)) boost::asio::post(rounds_, [this] { round_timer_.cancel(); });
    pool_.join();
}

bool accounts::handles(v1::ClientMessage::BodyCase body) {
    switch (body) {
        case v1::ClientMessage::kRegister:
        case v1::ClientMessage::kSignIn:
        case v1::ClientMessage::kSignOut:
        case v1::ClientMessage::kChangePassword:
        case v1::ClientMessage::kCreateApiKey:
        case v1::ClientMessage::kListApiKeys:
        case v1::ClientMessage::kRevokeApiKey:
        case v1::ClientMessage::kListReports:
        case v1::ClientMessage::kCloseReport:
        case v1::ClientMessage::kGiveSanction:
        case v1::ClientMessage::kLiftSanction:
        case v1::ClientMessage::kListSanctions:
        case v1::ClientMessage::kGetModerationLog:
        case v1::ClientMessage::kSetRole: return true;
        default: return false;
    }
}

void accounts::submit(const std::shared_ptr<client_link>& link, std::uint32_t rid,
                      std::function<v1::ServerMessage()> work) {
    if (stopped_ || pending_.fetch_add(1) >= max_pending) {
        if (!stopped_) pending_.fetch_sub(1);
        link->send(error_frame(rid, v1::ERROR_CODE_UNAVAILABLE, "accounts are busy; try again shortly"));
        return;
    }
    boost::asio::post(pool_, [this, link, rid, work = std::move(work)] {
        v1::ServerMessage out;
        try {
            out = work();
        } catch (const persistence::store_error& e) {
            spdlog::error("account request failed: {}", e.what());
            out = error_message(v1::ERROR_CODE_UNAVAILABLE, "the database cannot answer now; try again");
        } catch (const std::exception& e) {
            spdlog::error("account request failed: {}", e.what());
            out = error_message(v1::ERROR_CODE_INTERNAL, "the server failed to handle this request");
        }
        pending_.fetch_sub(1);
        if (out.body_case() == v1::ServerMessage::BODY_NOT_SET) return;  // answered by whoever `work` handed it to
        out.set_request_id(rid);
        link->send(encode(out));
    });
}

void accounts::handle(const std::shared_ptr<client_link>& link, const v1::ClientMessage& message) {
    if (!accounts_) {
        link->send(error_frame(message.request_id(), v1::ERROR_CODE_UNAVAILABLE,
                               "this server keeps no accounts (it has no database)"));
        return;
    }
    submit(link, message.request_id(), [this, link, message]() -> v1::ServerMessage {
        switch (message.body_case()) {
            case v1::ClientMessage::kRegister: return register_account(link, message.register_());
            case v1::ClientMessage::kSignIn: return sign_in(link, message.sign_in());
            case v1::ClientMessage::kSignOut: return sign_out(link, message.sign_out());
            case v1::ClientMessage::kChangePassword: return change_password(link, message.change_password());
            case v1::ClientMessage::kCreateApiKey: return create_api_key(link, message.create_api_key());
            case v1::ClientMessage::kListApiKeys: return list_api_keys(link);
            case v1::ClientMessage::kRevokeApiKey: return revoke_api_key(link, message.revoke_api_key());
            case v1::ClientMessage::kListReports: return list_reports(link, message.list_reports());
            case v1::ClientMessage::kCloseReport: return close_report(link, message.close_report());
            case v1::ClientMessage::kGiveSanction: return give_sanction(link, message.give_sanction());
            case v1::ClientMessage::kLiftSanction: return lift_sanction(link, message.lift_sanction());
            case v1::ClientMessage::kListSanctions: return list_sanctions(link, message.list_sanctions());
            case v1::ClientMessage::kGetModerationLog: return moderation_log(link, message.get_moderation_log());
            case v1::ClientMessage::kSetRole: return set_role(link, message.set_role());
            default: return error_message(v1::ERROR_CODE_BAD_REQUEST, "that is not an account request");
        }
    });
}

v1::ServerMessage accounts::signed_in(const std::shared_ptr<client_link>& link,
                                      const persistence::account_record& account, const std::string& token,
                                      const std::string& session_hash, bool by_api_key) {
    link->set_identity({account.id, account.name, session_hash, by_api_key});
    online_.signed_in(link);
    v1::ServerMessage out;
    v1::SignedIn& in = *out.mutable_signed_in();
    in.mutable_account()->set_id(account.id);
    in.mutable_account()->set_name(account.name);
    in.mutable_account()->set_created_unix(account.created_at);
    in.set_session_token(token);
    if (!by_api_key) in.set_expires_unix(unix_now() + session_lifetime_s);
    spdlog::info("session {}: signed in as account {}{}", link->session_id(), account.id,
                 by_api_key ? " (API key)" : "");
    return out;
}

v1::ServerMessage accounts::register_account(const std::shared_ptr<client_link>& link, const v1::Register& request) {
    if (auto problem = player_names::registration_problem(request.name()); !problem.empty())
        return error_message(v1::ERROR_CODE_BAD_NAME, problem);
    if (auto problem = passwords::problem(request.password()); !problem.empty())
        return error_message(v1::ERROR_CODE_BAD_PASSWORD, problem);
    const auto now = clock::now();
    if (auto wait = registrations_.wait(link->remote_address(), now); wait.count() > 0)
        return wait_error("too many registrations from your address", wait);
    const std::string key = player_names::key(request.name());
    if (auto existing = accounts_->account_by_key(key))
        return error_message(v1::ERROR_CODE_NAME_TAKEN,
                             existing->name == request.name()
                                 ? "the name '" + request.name() + "' is taken"
                                 : "the name is too like the registered name '" + existing->name + "'");
    registrations_.count(link->remote_address(), now);
    const auto account =
        accounts_->create_account(request.name(), key, passwords::hash(request.password()), unix_now());
    if (!account) return error_message(v1::ERROR_CODE_NAME_TAKEN, "the name '" + request.name() + "' was just taken");
    const std::string token = passwords::new_secret("gs_");
    const std::string hash = passwords::secret_hash(token);
    accounts_->add_session(account->id, hash, unix_now(), unix_now() + session_lifetime_s);
    spdlog::info("session {}: registered account {}", link->session_id(), account->id);
    return signed_in(link, *account, token, hash, false);
}

v1::ServerMessage accounts::sign_in(const std::shared_ptr<client_link>& link, const v1::SignIn& request) {
    const int given = !request.password().empty() + !request.session_token().empty() + !request.api_key().empty();
    if (given != 1)
        return error_message(v1::ERROR_CODE_BAD_REQUEST,
                             "sign in with exactly one of: name and password, a session token, "
                             "an API key");
    if (!request.password().empty()) return sign_in_with_password(link, request);
    const auto now = clock::now();
    const std::string& address = link->remote_address();
    if (auto wait = addresses_.wait(address, now); wait.count() > 0)
        return wait_error("too many failed sign-ins from your address", wait);
    const std::string& secret = request.session_token().empty() ? request.api_key() : request.session_token();
    if (secret.size() > max_secret_bytes)
        return error_message(v1::ERROR_CODE_BAD_CREDENTIALS, "that is not a valid token");
    const std::string hash = passwords::secret_hash(secret);
    const bool by_key = !request.api_key().empty();
    const auto account = by_key ? accounts_->use_api_key(hash, unix_now())
                                : accounts_->use_session(hash, unix_now(), unix_now() + session_lifetime_s);
    if (!account) {
        addresses_.count(address, now);
        return error_message(v1::ERROR_CODE_BAD_CREDENTIALS,
                             by_key ? "that API key is unknown or revoked" : "that session has ended; sign in again");
    }
    if (auto banned = sanctioned(account->id, sanctioned_act::sign_in))
        return error_message(banned->first, banned->second);
    return signed_in(link, *account, std::string(), hash, by_key);
}

v1::ServerMessage accounts::sign_in_with_password(const std::shared_ptr<client_link>& link, const v1::SignIn& request) {
    if (request.password().size() > passwords::max_password_bytes || request.name().size() > 256)
        return error_message(v1::ERROR_CODE_BAD_CREDENTIALS, "wrong name or password");
    const std::string key = player_names::key(request.name());
    const auto now = clock::now();
    const std::string& address = link->remote_address();
    const auto name_wait = names_.wait(key, now);
    const auto address_wait = addresses_.wait(address, now);
    if (name_wait.count() > 0) return wait_error("too many failed sign-ins for this name", name_wait);
    if (address_wait.count() > 0) return wait_error("too many failed sign-ins from your address", address_wait);
    const auto account = key.empty() ? std::nullopt : accounts_->account_by_key(key);
    const bool right = account ? passwords::verify(account->password_hash, request.password())
                               : (passwords::verify_nothing(request.password()), false);
    if (!right) {
        names_.count(key, now);
        addresses_.count(address, now);
        spdlog::info("session {} from {}: a sign-in failed", link->session_id(), address);
        return error_message(v1::ERROR_CODE_BAD_CREDENTIALS, "wrong name or password");
    }
    names_.clear(key);
    if (auto banned = sanctioned(account->id, sanctioned_act::sign_in))
        return error_message(banned->first, banned->second);
    const std::string token = passwords::new_secret("gs_");
    const std::string hash = passwords::secret_hash(token);
    accounts_->add_session(account->id, hash, unix_now(), unix_now() + session_lifetime_s);
    return signed_in(link, *account, token, hash, false);
}

v1::ServerMessage accounts::sign_out(const std::shared_ptr<client_link>& link, const v1::SignOut& request) {
    const link_identity who = current_identity(link);
    if (who.account == 0) return ok_message();  // signed out already (or never in): the request's end holds, so Ok
    if (request.everywhere()) accounts_->remove_sessions(who.account, std::string());
    else if (!who.session_hash.empty()) accounts_->remove_session(who.session_hash);
    link->set_identity({});
    spdlog::info("session {}: signed out{}", link->session_id(), request.everywhere() ? " everywhere" : "");
    return ok_message();
}

v1::ServerMessage accounts::change_password(const std::shared_ptr<client_link>& link,
                                            const v1::ChangePassword& request) {
    const link_identity who = current_identity(link);
    if (who.account == 0) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in to change your password");
    if (who.by_api_key)
        return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "an API key cannot change the password; sign in with it");
    if (auto problem = passwords::problem(request.new_password()); !problem.empty())
        return error_message(v1::ERROR_CODE_BAD_PASSWORD, problem);
    const auto now = clock::now();
    const std::string key = player_names::key(who.name);
    if (auto wait = names_.wait(key, now); wait.count() > 0)
        return wait_error("too many wrong passwords for this name", wait);
    const auto account = accounts_->account_by_id(who.account);
    if (!account) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "the account is gone");
    if (request.old_password().size() > passwords::max_password_bytes ||
        !passwords::verify(account->password_hash, request.old_password())) {
        names_.count(key, now);
        return error_message(v1::ERROR_CODE_BAD_CREDENTIALS, "the current password is wrong");
    }
    accounts_->set_password_hash(who.account, passwords::hash(request.new_password()));
    // Whoever else held a session (perhaps the reason for the change) is signed out; this connection stays. Keys
    // go too: whoever learned the old password could have made some, and a new password takes the account back.
    accounts_->remove_sessions(who.account, who.session_hash);
    for (const auto& k : accounts_->api_keys(who.account)) accounts_->revoke_api_key(who.account, k.id);
    return ok_message();
}

v1::ServerMessage accounts::create_api_key(const std::shared_ptr<client_link>& link, const v1::CreateApiKey& request) {
    const link_identity who = current_identity(link);
    if (who.account == 0) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in to create an API key");
    if (who.by_api_key) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "an API key cannot create keys; sign in");
    const auto length = printable_length(request.label());
    if (!length || *length == 0 || *length > max_label_chars)
        return error_message(v1::ERROR_CODE_BAD_REQUEST, "a key's label holds 1 to 40 printable characters");
    if (accounts_->api_keys(who.account).size() >= static_cast<std::size_t>(max_api_keys))
        return error_message(v1::ERROR_CODE_BAD_REQUEST,
                             "an account holds at most " + std::to_string(max_api_keys) + " keys; revoke one first");
    const std::string key = passwords::new_secret("gk_");
    const auto record = accounts_->add_api_key(who.account, passwords::secret_hash(key), key.substr(0, 10),
                                               request.label(), unix_now());
    v1::ServerMessage out;
    *out.mutable_api_key_created()->mutable_info() = to_proto(record);
    out.mutable_api_key_created()->set_key(key);
    return out;
}

v1::ServerMessage accounts::list_api_keys(const std::shared_ptr<client_link>& link) {
    const link_identity who = current_identity(link);
    if (who.account == 0) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in to list your API keys");
    v1::ServerMessage out;
    auto& list = *out.mutable_api_keys();
    for (const auto& k : accounts_->api_keys(who.account)) *list.add_keys() = to_proto(k);
    return out;
}

v1::ServerMessage accounts::revoke_api_key(const std::shared_ptr<client_link>& link, const v1::RevokeApiKey& request) {
    const link_identity who = current_identity(link);
    if (who.account == 0) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "sign in to revoke an API key");
    if (who.by_api_key) return error_message(v1::ERROR_CODE_NOT_SIGNED_IN, "an API key cannot revoke keys; sign in");
    if (!accounts_->revoke_api_key(who.account, request.key_id()))
        return error_message(v1::ERROR_CODE_BAD_REQUEST, "you have no API key with that id");
    return ok_message();
}

link_identity accounts::current_identity(const std::shared_ptr<client_link>& link) {
    link_identity who = link->identity();
    if (who.account == 0) return who;
    // A session ended elsewhere (sign out everywhere, a new password) or a revoked key ends this connection's too.
    const bool live =
        who.by_api_key
            ? accounts_->use_api_key(who.session_hash, unix_now()).has_value()
            : accounts_->use_session(who.session_hash, unix_now(), unix_now() + session_lifetime_s).has_value();
    if (live) return who;
    spdlog::info("session {}: its sign-in ended elsewhere; a guest again", link->session_id());
    link->set_identity({});
    return {};
}

void accounts::check_seat_name(std::shared_ptr<client_link> link, std::string name, bool in_public,
                               std::function<void(std::optional<refusal>)> done) {
    if (!accounts_) return done(std::nullopt);
    boost::asio::post(pool_, [this, link = std::move(link), name = std::move(name), in_public, done = std::move(done)] {
        std::optional<refusal> answer;
        try {
            const auto account = link->identity().account;
            answer = account != 0 ? refusal_if_signed_out(link) : refusal_for_guest(name);
            const auto act = in_public ? sanctioned_act::sit_down_in_public : sanctioned_act::sit_down;
            if (!answer)
                answer = account != 0 ? sanctioned(account, act) : guest_sanctioned(link->remote_address(), act);
        } catch (const std::exception& e) {
            spdlog::error("checking a name to sit down under failed: {}", e.what());
            answer = refusal{v1::ERROR_CODE_UNAVAILABLE, "the database cannot check names now; try again"};
        }
        done(std::move(answer));
    });
}

std::optional<accounts::refusal> accounts::guest_may_enter(const std::string& address, const std::string& name) {
    if (!accounts_) return std::nullopt;
    try {
        if (auto answer = refusal_for_guest(name)) return answer;
        return guest_sanctioned(address, sanctioned_act::sit_down);
    } catch (const std::exception& e) {
        spdlog::error("checking a guest's name for a tournament failed: {}", e.what());
        return refusal{v1::ERROR_CODE_UNAVAILABLE, "the database cannot check names now; try again"};
    }
}

void accounts::check_chat(std::shared_ptr<client_link> link, std::function<void(std::optional<refusal>)> done) {
    const auto account = link->identity().account;
    if (!moderation_) return done(std::nullopt);
    boost::asio::post(chat_checks_, [this, account, address = link->remote_address(), done = std::move(done)] {
        std::optional<refusal> answer;
        try {
            answer = account != 0 ? sanctioned(account, sanctioned_act::chat)
                                  : guest_sanctioned(address, sanctioned_act::chat);
        } catch (const std::exception& e) {
            spdlog::error("checking whether an account may chat failed: {}", e.what());
            answer = refusal{v1::ERROR_CODE_UNAVAILABLE, "the database cannot check the chat now; try again"};
        }
        done(std::move(answer));
    });
}

std::optional<accounts::refusal> accounts::sanctioned(std::int64_t account, sanctioned_act act) {
    if (!moderation_) return std::nullopt;
    return sanction_refusal(moderation_->active_sanctions(account, unix_now()), act);
}

std::optional<accounts::refusal> accounts::guest_sanctioned(const std::string& address, sanctioned_act act) {
    if (!moderation_ || address.empty()) return std::nullopt;
    return sanction_refusal(moderation_->active_address_sanctions(address, unix_now()), act);
}

// A sign-in that ended elsewhere (signed out everywhere, a new password, a revoked key) sits nobody as the account.
std::optional<accounts::refusal> accounts::refusal_if_signed_out(const std::shared_ptr<client_link>& link) {
    if (current_identity(link).account != 0) return std::nullopt;
    return refusal{v1::ERROR_CODE_NOT_SIGNED_IN, "your sign-in has ended (signed out elsewhere); sign in again"};
}

std::optional<accounts::refusal> accounts::refusal_for_guest(const std::string& name) {
    const std::string key = player_names::key(name);
    const auto owner = key.empty() ? std::nullopt : accounts_->account_by_key(key);
    if (!owner) return std::nullopt;
    if (owner->name == name)
        return refusal{v1::ERROR_CODE_NAME_TAKEN,
                       "'" + name + "' is a registered name: sign in to use it, or choose another"};
    return refusal{v1::ERROR_CODE_NAME_TAKEN,
                   "'" + name + "' is too like the registered name '" + owner->name + "': choose another"};
}

void accounts::conservative_rating(std::int64_t account, std::string preset, std::function<void(double)> done) {
    if (!accounts_ || account == 0) return done(ratings::conservative(ratings::model{}.initial()));
    boost::asio::post(pool_, [this, account, preset = std::move(preset), done = std::move(done)] {
        done(rating_with(account, preset));
    });
}

double accounts::rating_with(std::int64_t account, const std::string& preset) {
    double value = ratings::conservative(ratings::model{}.initial());
    if (account == 0) return value;
    try {
        for (const auto& r : accounts_->ratings(account))
            if (r.preset == preset) value = ratings::conservative({r.mu, r.sigma});
    } catch (const std::exception& e) {
        spdlog::warn("reading a rating for quick play failed: {}", e.what());
    }
    return value;
}

}  // namespace golf::server
