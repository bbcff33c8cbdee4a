// The fault harness's network: a hub namespace that routes between leaf namespaces (the nodes, the database, the
// proxy, the clients), each joined to it by a veth pair, and an nftables table in the hub that cuts a leaf's link,
// cuts the link between two leaves, or drops a share of a link's packets. Everything is made in namespaces of its
// own (named PREFIX-LEAF) and removed at the end; nothing touches the machine's own interfaces.
#pragma once

#include <chrono>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace golf::faults {

// Runs a program (no shell, `environment` added to ours) and waits at most `limit`; its output, or an exception
// with it when the program fails.
std::string run_command(const std::vector<std::string>& args, std::chrono::seconds limit = std::chrono::seconds(30),
                        const std::vector<std::string>& environment = {});

// Moves the calling thread into network namespace `name` (sockets it makes from now on live there); "" stays.
void enter_namespace(const std::string& name);

// Runs `body` on a thread of its own inside namespace `name` and waits for it; its exception comes back here.
void in_namespace(const std::string& name, const std::function<void()>& body);

class network {
public:
    // One leaf per name ("n1", "db", "px", "cl", ...): leaf i gets 10.201.(i+1).2, its hub side 10.201.(i+1).1.
    network(std::string prefix, const std::vector<std::string>& leaves);
    ~network();
    network(const network&) = delete;
    network& operator=(const network&) = delete;

    std::string ns(const std::string& leaf) const { return prefix_ + "-" + leaf; }
    const std::string& address(const std::string& leaf) const { return addresses_.at(leaf); }

    // Each returns a handle that heal() undoes; the rules of every open fault are in force together.
    int cut(const std::string& leaf);                             // every packet to or from the leaf
    int cut_between(const std::string& a, const std::string& b);  // both ways between two leaves only
    int lose(const std::string& leaf, int percent);               // a share of the leaf's packets, each way
    void heal(int handle);
    void heal_all();
    // The nft rules in force now, as text (for a report when something is stuck).
    std::string rules() const;

private:
    void apply();
    void remove_namespaces();

    std::string prefix_;
    std::vector<std::string> leaves_;
    std::map<std::string, std::string> addresses_;
    std::map<int, std::vector<std::string>> faults_;  // handle -> nft rules
    int next_handle_ = 1;
};

}  // namespace golf::faults
