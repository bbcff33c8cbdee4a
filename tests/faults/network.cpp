// Namespaces, veth pairs and the hub's nftables table, made with Debian's ip and nft.
#include "tests/faults/network.hpp"

#include <fcntl.h>
#include <sched.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <thread>

#include "tests/support/child_process.hpp"

namespace golf::faults {

namespace {

constexpr const char* ip_path = "/usr/sbin/ip";
constexpr const char* nft_path = "/usr/sbin/nft";
constexpr const char* table = "inet golf_faults";

}  // namespace

std::string run_command(const std::vector<std::string>& args, std::chrono::seconds limit,
                        const std::vector<std::string>& environment) {
    testing::child_process child(args, environment);
    const auto status = child.wait_exit(limit);
    if (status == 0) return child.out();
    std::string line;
    for (const auto& a : args) line += a + " ";
    throw std::runtime_error(line + (status ? "exited " + std::to_string(*status) : "did not finish") + ": " +
                             child.err() + child.out());
}

void enter_namespace(const std::string& name) {
    if (name.empty()) return;
    const std::string path = "/var/run/netns/" + name;
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error("cannot open " + path + ": " + std::strerror(errno));
    const int entered = ::setns(fd, CLONE_NEWNET);
    ::close(fd);
    if (entered != 0) throw std::runtime_error("setns " + name + ": " + std::strerror(errno));
}

void in_namespace(const std::string& name, const std::function<void()>& body) {
    std::exception_ptr failure;
    std::thread worker([&] {
        try {
            enter_namespace(name);
            body();
        } catch (...) {
            failure = std::current_exception();
        }
    });
    worker.join();
    if (failure) std::rethrow_exception(failure);
}

network::network(std::string prefix, const std::vector<std::string>& leaves)
    : prefix_(std::move(prefix)), leaves_(leaves) {
    const std::string hub = ns("hub");
    try {
        run_command({ip_path, "netns", "add", hub});
        run_command({ip_path, "-n", hub, "link", "set", "lo", "up"});
        run_command({ip_path, "netns", "exec", hub, "/usr/sbin/sysctl", "-qw", "net.ipv4.ip_forward=1"});
        for (std::size_t i = 0; i < leaves.size(); ++i) {
            const std::string& leaf = leaves[i];
            const std::string net = "10.201." + std::to_string(i + 1) + ".";
            addresses_[leaf] = net + "2";
            run_command({ip_path, "netns", "add", ns(leaf)});
            // Made inside the hub with its peer inside the leaf: the machine's own namespace never holds either end.
            run_command(
                {ip_path, "-n", hub, "link", "add", leaf, "type", "veth", "peer", "name", "eth0", "netns", ns(leaf)});
            run_command({ip_path, "-n", hub, "addr", "add", net + "1/24", "dev", leaf});
            run_command({ip_path, "-n", hub, "link", "set", leaf, "up"});
            run_command({ip_path, "-n", ns(leaf), "addr", "add", net + "2/24", "dev", "eth0"});
            run_command({ip_path, "-n", ns(leaf), "link", "set", "eth0", "up"});
            run_command({ip_path, "-n", ns(leaf), "link", "set", "lo", "up"});
            run_command({ip_path, "-n", ns(leaf), "route", "add", "default", "via", net + "1"});
        }
        run_command({ip_path, "netns", "exec", hub, nft_path, "add table " + std::string(table)});
        run_command({ip_path, "netns", "exec", hub, nft_path,
                     "add chain " + std::string(table) + " links { type filter hook forward priority 0; }"});
    } catch (...) {
        remove_namespaces();
        throw;
    }
}

network::~network() { remove_namespaces(); }

void network::remove_namespaces() {
    // A namespace goes when its last process does; the harness has stopped every process it started by now.
    for (const std::string& leaf : leaves_) {
        try {
            run_command({ip_path, "netns", "delete", ns(leaf)});
        } catch (...) {
            // never made, or already gone
        }
    }
    try {
        run_command({ip_path, "netns", "delete", ns("hub")});  // the hub's veth ends and the nft table go with it
    } catch (...) {}
}

int network::cut(const std::string& leaf) {
    faults_[next_handle_] = {"iifname \"" + leaf + "\" drop", "oifname \"" + leaf + "\" drop"};
    apply();
    return next_handle_++;
}

int network::cut_between(const std::string& a, const std::string& b) {
    faults_[next_handle_] = {"iifname \"" + a + "\" oifname \"" + b + "\" drop",
                             "iifname \"" + b + "\" oifname \"" + a + "\" drop"};
    apply();
    return next_handle_++;
}

int network::lose(const std::string& leaf, int percent) {
    const std::string share = " numgen random mod 100 < " + std::to_string(percent) + " drop";
    faults_[next_handle_] = {"iifname \"" + leaf + "\"" + share, "oifname \"" + leaf + "\"" + share};
    apply();
    return next_handle_++;
}

void network::heal(int handle) {
    faults_.erase(handle);
    apply();
}

void network::heal_all() {
    faults_.clear();
    apply();
}

std::string network::rules() const {
    std::string out;
    for (const auto& [handle, rules] : faults_)
        for (const auto& r : rules) out += r + "\n";
    return out.empty() ? "(none)\n" : out;
}

// The whole chain rewritten in one nft transaction: no moment with half a fault's rules.
void network::apply() {
    std::string script = "flush chain " + std::string(table) + " links\n";
    for (const auto& [handle, rules] : faults_)
        for (const auto& r : rules) script += "add rule " + std::string(table) + " links " + r + "\n";
    const std::string file = "/tmp/" + prefix_ + "-nft.rules";
    {
        std::FILE* out = std::fopen(file.c_str(), "w");
        if (!out) throw std::runtime_error("cannot write " + file);
        std::fputs(script.c_str(), out);
        std::fclose(out);
    }
    run_command({ip_path, "netns", "exec", ns("hub"), nft_path, "-f", file});
    ::unlink(file.c_str());
}

}  // namespace golf::faults
