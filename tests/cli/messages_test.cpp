// golf play's catalogues as built in: the language a locale asks for, and messages formatted by ICU with each
// language's plural rules.
#include "cli/play/messages.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

namespace golf::cli {
namespace {

struct restore_language {
    ~restore_language() { use_language("en"); }
};

TEST(Messages, EveryLanguageOfTheWebClientIsBuiltIn) {
    const auto built_in = languages();
    for (const char* language : {"en", "fr", "de", "es", "pl", "ms", "ar"})
        EXPECT_NE(std::find(built_in.begin(), built_in.end(), language), built_in.end()) << language;
    EXPECT_EQ(built_in.front(), "en");
}

TEST(Messages, ALocaleNameAsksForItsLanguage) {
    EXPECT_EQ(language_of("pl"), "pl");
    EXPECT_EQ(language_of("pl_PL.UTF-8"), "pl");
    EXPECT_EQ(language_of("de-AT"), "de");
    EXPECT_EQ(language_of("FR"), "fr");
    EXPECT_EQ(language_of("C.UTF-8"), "en");
    EXPECT_EQ(language_of("POSIX"), "en");
    EXPECT_EQ(language_of("xx_YY"), "");
    EXPECT_EQ(language_of(""), "");
}

TEST(Messages, TheTerminalsLocaleIsLcAllThenLcMessagesThenLang) {
    const auto keep = [](const char* name) {
        const char* value = std::getenv(name);
        return value ? std::optional<std::string>(value) : std::nullopt;
    };
    const auto all = keep("LC_ALL"), messages = keep("LC_MESSAGES"), lang = keep("LANG");
    unsetenv("LC_ALL");
    unsetenv("LC_MESSAGES");
    setenv("LANG", "es_ES.UTF-8", 1);
    EXPECT_EQ(terminal_language(), "es");
    setenv("LC_MESSAGES", "ms_MY.UTF-8", 1);
    EXPECT_EQ(terminal_language(), "ms");
    setenv("LC_ALL", "pl_PL.UTF-8", 1);
    EXPECT_EQ(terminal_language(), "pl");
    setenv("LC_ALL", "", 1);  // empty: does not decide
    EXPECT_EQ(terminal_language(), "ms");
    setenv("LC_MESSAGES", "tlh_XX", 1);  // a language not built in: English
    EXPECT_EQ(terminal_language(), "en");
    for (const auto& [name, value] : {std::pair{"LC_ALL", all}, {"LC_MESSAGES", messages}, {"LANG", lang}})
        value ? setenv(name, value->c_str(), 1) : unsetenv(name);
}

TEST(Messages, PluralsFollowEachLanguagesRules) {
    restore_language restore;
    use_language("en");
    EXPECT_EQ(tr("terminal.finalRoundWentOut", {{"name", "Ann"}, {"count", 1}}),
              "FINAL ROUND: Ann went out; 1 turn left");
    EXPECT_EQ(tr("terminal.finalRoundStarted", {{"count", 3}}), "FINAL ROUND: the end has started; 3 turns left");
    use_language("pl");
    EXPECT_NE(tr("terminal.finalRoundWentOut", {{"name", "Ala"}, {"count", 2}}).find("zostały 2 ruchy"),
              std::string::npos);
    EXPECT_NE(tr("terminal.finalRoundWentOut", {{"name", "Ala"}, {"count", 5}}).find("zostało 5 ruchów"),
              std::string::npos);
    EXPECT_NE(tr("terminal.finalRoundWentOut", {{"name", "Ala"}, {"count", 1}}).find("został 1 ruch"),
              std::string::npos);
    use_language("ar");
    EXPECT_NE(tr("terminal.finalRoundStarted", {{"count", 2}}).find("بقي دوران"), std::string::npos);
}

TEST(Messages, AnUnknownKeyShowsItselfInsteadOfNothing) {
    restore_language restore;
    use_language("de");
    EXPECT_EQ(tr("terminal.noSuchKey"), "terminal.noSuchKey");
    EXPECT_EQ(current_language(), "de");
}

}  // namespace
}  // namespace golf::cli
