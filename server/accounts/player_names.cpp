#include "server/accounts/player_names.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/ustring.h>

#include <memory>

#include "server/printable_text.hpp"

namespace golf::server::player_names {

namespace {

bool is_separator(UChar32 c) { return c == ' ' || c == '_' || c == '-' || c == '.'; }

// One checker per thread: ICU promises a configured checker's checks may run concurrently only for const use,
// and a thread_local costs nothing to reason about.
struct checker {
    checker() {
        UErrorCode status = U_ZERO_ERROR;
        sc = uspoof_open(&status);
        if (U_FAILURE(status)) return;
        uspoof_setChecks(sc, USPOOF_RESTRICTION_LEVEL | USPOOF_INVISIBLE | USPOOF_MIXED_NUMBERS, &status);
        uspoof_setRestrictionLevel(sc, USPOOF_MODERATELY_RESTRICTIVE);
        if (U_FAILURE(status)) {
            uspoof_close(sc);
            sc = nullptr;
        }
    }
    ~checker() {
        if (sc) uspoof_close(sc);
    }
    checker(const checker&) = delete;
    checker& operator=(const checker&) = delete;
    USpoofChecker* sc = nullptr;
};

const icu::Normalizer2* nfkc_casefold();

USpoofChecker* spoof_checker() {
    nfkc_casefold();  // ICU's shared data first, under a guard ThreadSanitizer sees
    thread_local checker c;
    return c.sc;
}

// ICU builds its normaliser and its confusable data on first use behind once-flags of its own, which
// ThreadSanitizer cannot see (two account threads checking their first names at once were reported). Built here,
// under a C++ static's guard, every later use has a happens-before it can see.
const icu::Normalizer2* nfkc_casefold() {
    static const icu::Normalizer2* const instance = [] {
        UErrorCode status = U_ZERO_ERROR;
        const icu::Normalizer2* n = icu::Normalizer2::getNFKCCasefoldInstance(status);
        UErrorCode spoof_status = U_ZERO_ERROR;
        if (USpoofChecker* sc = uspoof_open(&spoof_status)) {  // loads the confusable tables once
            icu::UnicodeString skeleton;
            uspoof_getSkeletonUnicodeString(sc, 0, icu::UnicodeString("a"), skeleton, &spoof_status);
            uspoof_close(sc);
        }
        return U_SUCCESS(status) ? n : nullptr;
    }();
    return instance;
}

// NFKC with case folding, as UTS #39 prescribes before a skeleton is compared.
bool fold(const icu::UnicodeString& in, icu::UnicodeString& out) {
    const icu::Normalizer2* nfkc_cf = nfkc_casefold();
    if (!nfkc_cf) return false;
    UErrorCode status = U_ZERO_ERROR;
    out = nfkc_cf->normalize(in, status);
    return U_SUCCESS(status);
}

bool valid_utf8(std::string_view text) {
    if (text.size() > 4096) return false;  // longer than any name; keeps the sizes below in range
    UErrorCode status = U_ZERO_ERROR;
    std::int32_t needed = 0;
    u_strFromUTF8(nullptr, 0, &needed, text.data(), static_cast<std::int32_t>(text.size()), &status);
    return status == U_BUFFER_OVERFLOW_ERROR || status == U_STRING_NOT_TERMINATED_WARNING || U_SUCCESS(status);
}

}  // namespace

std::string guest_problem(std::string_view name) {
    const auto length = printable_length(name);
    if (!length) return "a name holds printable characters only";
    if (*length == 0 || name.find_first_not_of(' ') == std::string_view::npos)
        return "a name needs at least one visible character";
    if (*length > max_guest_chars) return "a name holds at most 24 characters";
    return {};
}

std::string registration_problem(std::string_view name) {
    if (!valid_utf8(name)) return "a name must be valid UTF-8";
    const icu::UnicodeString text =
        icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<std::int32_t>(name.size())));
    const int chars = text.countChar32();
    if (chars < min_registered_chars || chars > max_registered_chars)
        return "a registered name holds " + std::to_string(min_registered_chars) + " to " +
               std::to_string(max_registered_chars) + " characters";
    UChar32 previous = 0;
    for (std::int32_t i = 0; i < text.length(); i = text.moveIndex32(i, 1)) {
        const UChar32 c = text.char32At(i);
        const bool letter_or_digit = u_isalpha(c) || u_charType(c) == U_DECIMAL_DIGIT_NUMBER ||
                                     u_getCombiningClass(c) > 0 || u_charType(c) == U_NON_SPACING_MARK ||
                                     u_charType(c) == U_COMBINING_SPACING_MARK;
        if (!letter_or_digit && !is_separator(c))
            return "a registered name holds letters, digits, spaces and _ - . only";
        if (i == 0 && !(u_isalpha(c) || u_charType(c) == U_DECIMAL_DIGIT_NUMBER))
            return "a registered name starts with a letter or a digit";
        if (is_separator(c) && is_separator(previous)) return "a registered name has no two separators in a row";
        previous = c;
    }
    if (is_separator(previous)) return "a registered name ends with a letter or a digit";
    USpoofChecker* sc = spoof_checker();
    if (!sc) return "names cannot be checked now";
    UErrorCode status = U_ZERO_ERROR;
    const std::int32_t found =
        uspoof_checkUTF8(sc, name.data(), static_cast<std::int32_t>(name.size()), nullptr, &status);
    if (U_FAILURE(status)) return "names cannot be checked now";
    if (found & USPOOF_RESTRICTION_LEVEL) return std::string(mixed_scripts_problem);
    if (found & USPOOF_MIXED_NUMBERS) return "a registered name uses digits of one script";
    if (found & USPOOF_INVISIBLE) return "a registered name has no invisible characters";
    if (key(name).empty()) return "a registered name needs letters or digits";
    return {};
}

std::string key(std::string_view name) {
    if (!valid_utf8(name)) return {};
    USpoofChecker* sc = spoof_checker();
    if (!sc) return {};
    icu::UnicodeString folded;
    if (!fold(icu::UnicodeString::fromUTF8(icu::StringPiece(name.data(), static_cast<std::int32_t>(name.size()))),
              folded))
        return {};
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString skeleton;
    uspoof_getSkeletonUnicodeString(sc, 0, folded, skeleton, &status);
    if (U_FAILURE(status)) return {};
    // The skeleton of a folded name may hold capitals again ("0" is skeleton "O"): fold once more.
    icu::UnicodeString refolded;
    if (!fold(skeleton, refolded)) return {};
    icu::UnicodeString kept;
    for (std::int32_t i = 0; i < refolded.length(); i = refolded.moveIndex32(i, 1)) {
        const UChar32 c = refolded.char32At(i);
        if (!is_separator(c) && !u_isUWhiteSpace(c)) kept.append(c);
    }
    std::string out;
    kept.toUTF8String(out);
    return out;
}

}  // namespace golf::server::player_names
