#include "clients/cpp/tls_client.hpp"

#include <arpa/inet.h>
#include <boost/asio/ssl/error.hpp>
#include <openssl/x509v3.h>
#include <stdexcept>

namespace golf::client::tls {

std::shared_ptr<ssl::context> make_context(const std::string& ca_file) {
    auto context = std::make_shared<ssl::context>(ssl::context::tls_client);
    SSL_CTX_set_min_proto_version(context->native_handle(), TLS1_2_VERSION);
    boost::system::error_code error;
    context->set_default_verify_paths(error);  // no system store is not fatal: --ca-file may be all there is
    if (!ca_file.empty()) {
        context->load_verify_file(ca_file, error);
        if (error)
            throw std::runtime_error("the CA file '" + ca_file + "' could not be read: " + error.message() +
                                     " (--ca-file wants a PEM certificate)");
    }
    return context;
}

std::string certificate_names(X509* certificate) {
    if (!certificate) return {};
    auto* names = static_cast<GENERAL_NAMES*>(X509_get_ext_d2i(certificate, NID_subject_alt_name, nullptr, nullptr));
    if (!names) return {};
    std::string text;
    for (int i = 0; i < sk_GENERAL_NAME_num(names) && i < 16; ++i) {
        const GENERAL_NAME* name = sk_GENERAL_NAME_value(names, i);
        std::string one;
        if (name->type == GEN_DNS) {
            const ASN1_STRING* dns = name->d.dNSName;
            one.assign(reinterpret_cast<const char*>(ASN1_STRING_get0_data(dns)), ASN1_STRING_length(dns));
        } else if (name->type == GEN_IPADD) {
            const ASN1_OCTET_STRING* ip = name->d.iPAddress;
            const int family = ASN1_STRING_length(ip) == 4 ? AF_INET : AF_INET6;
            char buffer[INET6_ADDRSTRLEN] = {};
            if (::inet_ntop(family, ASN1_STRING_get0_data(ip), buffer, sizeof buffer)) one = buffer;
        }
        if (one.empty()) continue;
        text += (text.empty() ? "" : ", ") + one;
    }
    GENERAL_NAMES_free(names);
    return text;
}

std::string handshake_failure(const boost::system::error_code& error, const verdict& found, const std::string& host) {
    if (found.wrong_host)
        return "the server's certificate is not for " + host +
               (found.names.empty() ? std::string(" (it names no host)") : " (it is for " + found.names + ")");
    if (found.untrusted != 0)
        return std::string("the server's certificate is not trusted: ") +
               X509_verify_cert_error_string(found.untrusted) + " (give its authority with --ca-file)";
    if (error == ssl::error::stream_truncated || error == boost::asio::error::eof)
        return "the TLS handshake failed: the server closed the connection (is it serving TLS on that port?)";
    return "the TLS handshake failed: " + error.message() + " (is the server serving TLS on that port?)";
}

}  // namespace golf::client::tls
