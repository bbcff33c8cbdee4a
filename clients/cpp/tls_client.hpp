// TLS for the clients' wss:// URLs (the client library and `golf load`): a client context that trusts the system's
// authorities and, when given, one more CA file; a stream checked for the URL's host name (and sent it by SNI);
// and a failed handshake said in words: an untrusted certificate, a certificate for another host, or TLS itself.
#pragma once

#include <boost/asio/ip/address.hpp>
#include <boost/asio/ssl/host_name_verification.hpp>
#include <boost/beast/ssl/ssl_stream.hpp>
#include <memory>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <string>

namespace golf::client::tls {

namespace ssl = boost::asio::ssl;

// What the certificate check found, kept by the verify callback for the sentence after a failed handshake.
struct verdict {
    int untrusted = 0;        // an X509_V_ERR_* code when the chain was not trusted
    bool wrong_host = false;  // the chain was trusted but does not name the host
    std::string names;        // the names the server's certificate carries, e.g. "localhost"
};

// A TLS 1.2+ client context trusting the system's authorities and `ca_file` (a PEM file; none when empty).
// Throws std::runtime_error with a sentence when the file cannot be read.
std::shared_ptr<ssl::context> make_context(const std::string& ca_file);

// The DNS names and IP addresses of a certificate's subjectAltName, comma separated.
std::string certificate_names(X509* certificate);

// Why a TLS handshake to `host` failed, as a sentence: from the verdict when the certificate was refused.
std::string handshake_failure(const boost::system::error_code& error, const verdict& found, const std::string& host);

// Before the handshake: send `host` by SNI (unless it is an address), verify the peer against the context's
// authorities and check that its certificate names `host`; what the check finds goes to `found`.
template <class Next>
void prepare(boost::beast::ssl_stream<Next>& stream, const std::string& host, std::shared_ptr<verdict> found) {
    boost::system::error_code not_address;
    boost::asio::ip::make_address(host, not_address);
    if (not_address) SSL_set_tlsext_host_name(stream.native_handle(), host.c_str());
    stream.set_verify_mode(ssl::verify_peer);
    stream.set_verify_callback([host, found](bool preverified, ssl::verify_context& context) {
        X509_STORE_CTX* store = context.native_handle();
        if (!preverified) {
            if (found->untrusted == 0) found->untrusted = X509_STORE_CTX_get_error(store);
            return false;
        }
        if (ssl::host_name_verification(host)(preverified, context)) return true;
        found->wrong_host = true;
        found->names = certificate_names(X509_STORE_CTX_get_current_cert(store));
        return false;
    });
}

}  // namespace golf::client::tls
