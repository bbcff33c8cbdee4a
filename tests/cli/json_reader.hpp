// A strict little JSON reader for the tests: enough to check that the tool's --json output is one well-formed
// document and to look at its members by type. Throws std::runtime_error on anything that is not JSON.
#pragma once

#include <cstdlib>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace golf::test {

struct json_value;
using json_array = std::vector<json_value>;
using json_object = std::map<std::string, json_value, std::less<>>;

struct json_value {
    std::variant<std::nullptr_t, bool, double, std::string, std::shared_ptr<json_array>, std::shared_ptr<json_object>>
        data;

    bool is_null() const { return std::holds_alternative<std::nullptr_t>(data); }
    bool is_bool() const { return std::holds_alternative<bool>(data); }
    bool is_number() const { return std::holds_alternative<double>(data); }
    bool is_string() const { return std::holds_alternative<std::string>(data); }
    bool is_array() const { return std::holds_alternative<std::shared_ptr<json_array>>(data); }
    bool is_object() const { return std::holds_alternative<std::shared_ptr<json_object>>(data); }

    bool boolean() const { return get<bool>(); }
    double number() const { return get<double>(); }
    const std::string& string() const { return get<std::string>(); }
    const json_array& array() const { return *get<std::shared_ptr<json_array>>(); }
    const json_object& object() const { return *get<std::shared_ptr<json_object>>(); }
    bool has(std::string_view key) const { return is_object() && object().find(key) != object().end(); }
    const json_value& operator[](std::string_view key) const {
        const auto found = object().find(key);
        if (found == object().end()) throw std::runtime_error("no member '" + std::string(key) + "'");
        return found->second;
    }
    const json_value& operator[](std::size_t index) const { return array().at(index); }

private:
    template <class T>
    const T& get() const {
        if (const T* value = std::get_if<T>(&data)) return *value;
        throw std::runtime_error("JSON value of another type");
    }
};

class json_reader {
public:
    // The whole text must be one value, optionally followed by white space.
    static json_value parse(std::string_view text) {
        json_reader reader(text);
        json_value value = reader.read_value(0);
        reader.skip_space();
        if (reader.at_ < text.size()) reader.fail("trailing text");
        return value;
    }

private:
    explicit json_reader(std::string_view text) : text_(text) {}

    [[noreturn]] void fail(const std::string& why) const {
        throw std::runtime_error("bad JSON at " + std::to_string(at_) + ": " + why);
    }
    void skip_space() {
        while (at_ < text_.size() &&
               (text_[at_] == ' ' || text_[at_] == '\n' || text_[at_] == '\r' || text_[at_] == '\t'))
            ++at_;
    }
    char peek() {
        skip_space();
        if (at_ >= text_.size()) fail("unexpected end");
        return text_[at_];
    }
    void expect(char c) {
        if (peek() != c) fail(std::string("expected '") + c + "'");
        ++at_;
    }
    bool literal(std::string_view word) {
        if (text_.substr(at_, word.size()) != word) return false;
        at_ += word.size();
        return true;
    }

    json_value read_value(int depth) {
        if (depth > 100) fail("too deep");
        const char c = peek();
        if (c == '{') return read_object(depth);
        if (c == '[') return read_array(depth);
        if (c == '"') return json_value{read_string()};
        if (literal("null")) return json_value{nullptr};
        if (literal("true")) return json_value{true};
        if (literal("false")) return json_value{false};
        return json_value{read_number()};
    }

    json_value read_object(int depth) {
        auto object = std::make_shared<json_object>();
        expect('{');
        if (peek() == '}') {
            ++at_;
            return json_value{object};
        }
        for (;;) {
            if (peek() != '"') fail("expected a member name");
            std::string key = read_string();
            expect(':');
            if (!object->emplace(std::move(key), read_value(depth + 1)).second) fail("duplicate member");
            if (peek() == '}') {
                ++at_;
                return json_value{object};
            }
            expect(',');
        }
    }

    json_value read_array(int depth) {
        auto array = std::make_shared<json_array>();
        expect('[');
        if (peek() == ']') {
            ++at_;
            return json_value{array};
        }
        for (;;) {
            array->push_back(read_value(depth + 1));
            if (peek() == ']') {
                ++at_;
                return json_value{array};
            }
            expect(',');
        }
    }

    std::string read_string() {
        expect('"');
        std::string out;
        while (at_ < text_.size()) {
            const char c = text_[at_++];
            if (c == '"') return out;
            if (static_cast<unsigned char>(c) < 0x20) fail("raw control character in a string");
            if (c != '\\') {
                out += c;
                continue;
            }
            if (at_ >= text_.size()) break;
            const char e = text_[at_++];
            switch (e) {
                case '"':
                case '\\':
                case '/': out += e; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    if (at_ + 4 > text_.size()) fail("short \\u escape");
                    const std::string hex(text_.substr(at_, 4));
                    if (hex.find_first_not_of("0123456789abcdefABCDEF") != std::string::npos) fail("bad \\u escape");
                    at_ += 4;
                    out += "\\u" + hex;  // kept escaped: the tests compare escapes, not code points
                    break;
                }
                default: fail("bad escape");
            }
        }
        fail("unterminated string");
    }

    double read_number() {
        const std::size_t start = at_;
        const auto digits = [&] {
            const std::size_t from = at_;
            while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') ++at_;
            return at_ - from;
        };
        if (at_ < text_.size() && text_[at_] == '-') ++at_;
        if (at_ < text_.size() && text_[at_] == '0') ++at_;
        else if (digits() == 0) fail("expected a value");
        if (at_ < text_.size() && text_[at_] == '.') {
            ++at_;
            if (digits() == 0) fail("expected digits after '.'");
        }
        if (at_ < text_.size() && (text_[at_] == 'e' || text_[at_] == 'E')) {
            ++at_;
            if (at_ < text_.size() && (text_[at_] == '+' || text_[at_] == '-')) ++at_;
            if (digits() == 0) fail("expected an exponent");
        }
        return std::strtod(std::string(text_.substr(start, at_ - start)).c_str(), nullptr);
    }

    std::string_view text_;
    std::size_t at_ = 0;
};

}  // namespace golf::test
