#include "cli/play/messages.hpp"

#include <unicode/msgfmt.h>
#include <unicode/unistr.h>

#include <algorithm>
#include <boost/json/src.hpp>  // Boost.JSON compiled here, header-only: the only reader of JSON in the program
#include <cctype>
#include <cstdlib>
#include <map>
#include <memory>

namespace golf::cli {

namespace {

using catalogue = std::map<std::string, std::string, std::less<>>;

std::string chosen = "en";

// Every built-in language's messages, read once: language -> "area.key" -> message.
const std::map<std::string, catalogue, std::less<>>& all_catalogues() {
    static const auto all = [] {
        std::map<std::string, catalogue, std::less<>> out;
        for (const auto& file : embedded_catalogues()) {
            const auto object = boost::json::parse(file.json).as_object();
            auto& messages = out[std::string(file.language)];
            for (const auto& [key, message] : object)
                messages[std::string(file.area) + "." + std::string(key)] = std::string(message.as_string());
        }
        return out;
    }();
    return all;
}

std::string to_utf8(const icu::UnicodeString& text) {
    std::string out;
    text.toUTF8String(out);
    return out;
}

}  // namespace

std::vector<std::string> languages() {
    std::vector<std::string> out{"en"};
    for (const auto& [language, messages] : all_catalogues())
        if (language != "en") out.push_back(language);
    return out;
}

std::string language_of(std::string_view locale_name) {
    std::string primary;
    for (const char c : locale_name) {
        if (c == '_' || c == '-' || c == '.' || c == '@') break;
        primary += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    if (primary == "c" || primary == "posix") return "en";
    const auto known = languages();
    return std::find(known.begin(), known.end(), primary) != known.end() ? primary : std::string();
}

std::string terminal_language() {
    for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
        const char* value = std::getenv(name);
        if (value == nullptr || *value == '\0') continue;  // an empty variable does not decide, as in setlocale
        const auto language = language_of(value);
        return language.empty() ? "en" : language;
    }
    return "en";
}

void use_language(const std::string& language) { chosen = language; }

const std::string& current_language() { return chosen; }

std::string tr(std::string_view key, std::initializer_list<message_arg> args) {
    const auto& all = all_catalogues();
    const std::string* message = nullptr;
    std::string language = chosen;
    for (const auto& lang : {chosen, std::string("en")}) {
        const auto messages = all.find(lang);
        if (messages == all.end()) continue;
        if (const auto found = messages->second.find(key); found != messages->second.end()) {
            message = &found->second;
            language = lang;
            break;
        }
    }
    if (message == nullptr) return std::string(key);
    UErrorCode status = U_ZERO_ERROR;
    // Arabic keeps the digits of the cards' faces (0-9), as the web page does, so a line never mixes two kinds.
    const std::string locale_name = language == "ar" ? "ar@numbers=latn" : language;
    icu::MessageFormat format(icu::UnicodeString::fromUTF8(*message), icu::Locale(locale_name.c_str()), status);
    std::vector<icu::UnicodeString> names;
    std::vector<icu::Formattable> values;
    for (const auto& arg : args) {
        names.push_back(icu::UnicodeString::fromUTF8(arg.name));
        if (const auto* text = std::get_if<std::string_view>(&arg.value))
            values.emplace_back(icu::UnicodeString::fromUTF8(*text));
        else values.emplace_back(static_cast<int64_t>(std::get<std::int64_t>(arg.value)));
    }
    icu::UnicodeString out;
    format.format(names.data(), values.data(), static_cast<int32_t>(values.size()), out, status);
    return U_FAILURE(status) ? *message : to_utf8(out);
}

}  // namespace golf::cli
