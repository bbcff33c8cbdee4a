// The JSON writer: separators in nested objects and arrays, escaping of every awkward character, numbers
// that read back exactly, and output the strict test reader accepts.
#include "cli/json_writer.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "tests/cli/json_reader.hpp"

namespace golf::cli {
namespace {

using test::json_reader;

TEST(json_writer, writes_nested_objects_and_arrays_with_commas_only_between_members) {
    json_writer json;
    json.begin_object().key("a").integer(1).key("b").begin_array().integer(2).begin_object().end_object();
    json.begin_array().end_array().null().end_array().key("c").boolean(true).key("d").boolean(false).end_object();
    EXPECT_EQ(json.text(), R"({"a":1,"b":[2,{},[],null],"c":true,"d":false})");
    EXPECT_NO_THROW(json_reader::parse(json.text()));
}

TEST(json_writer, writes_a_top_level_scalar) {
    json_writer json;
    json.string("x");
    EXPECT_EQ(json.text(), R"("x")");
}

TEST(json_writer, escapes_quotes_backslashes_and_control_characters) {
    EXPECT_EQ(json_quote("say \"hi\"\\"), R"("say \"hi\"\\")");
    EXPECT_EQ(json_quote("a\nb\tc\rd\be\ff"), R"("a\nb\tc\rd\be\ff")");
    EXPECT_EQ(json_quote(std::string_view("\x01\x1f\x7f", 3)), R"("\u0001\u001f\u007f")");
    EXPECT_EQ(json_quote(std::string_view("a\0b", 3)), R"("a\u0000b")");
    EXPECT_EQ(json_quote("/"), R"("/")");
}

TEST(json_writer, keeps_utf8_and_replaces_bytes_that_are_not_utf8) {
    EXPECT_EQ(json_quote("caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x83\x8f"), "\"caf\xc3\xa9 \xe2\x80\x94 \xf0\x9f\x83\x8f\"");
    EXPECT_EQ(json_quote("\xff"), R"("\ufffd")");
    EXPECT_EQ(json_quote("\xc3"), R"("\ufffd")");                                // cut short
    EXPECT_EQ(json_quote("\xc0\xaf"), R"("\ufffd\ufffd")");                      // overlong '/'
    EXPECT_EQ(json_quote("\xed\xa0\x80"), R"("\ufffd\ufffd\ufffd")");            // a surrogate
    EXPECT_EQ(json_quote("\xf4\x90\x80\x80"), R"("\ufffd\ufffd\ufffd\ufffd")");  // above U+10FFFF
}

TEST(json_writer, escapes_member_names_too) {
    json_writer json;
    json.begin_object().key("a\"b").integer(0).end_object();
    EXPECT_EQ(json.text(), R"({"a\"b":0})");
}

TEST(json_writer, writes_integers_at_their_limits) {
    json_writer json;
    json.begin_array().integer(std::numeric_limits<std::int64_t>::min()).integer(-7).integer(0);
    json.unsigned_integer(std::numeric_limits<std::uint64_t>::max()).end_array();
    EXPECT_EQ(json.text(), "[-9223372036854775808,-7,0,18446744073709551615]");
}

TEST(json_writer, writes_numbers_that_read_back_exactly_and_non_finite_as_null) {
    json_writer json;
    json.begin_array().number(11.75).number(-0.1).number(3).number(1e300);
    json.number(std::numeric_limits<double>::quiet_NaN()).number(std::numeric_limits<double>::infinity());
    json.end_array();
    EXPECT_EQ(json.text(), "[11.75,-0.1,3,1e+300,null,null]");
    const auto value = json_reader::parse(json.text());
    EXPECT_EQ(value[1].number(), -0.1);
    EXPECT_EQ(value[3].number(), 1e300);
}

TEST(json_reader, refuses_what_is_not_json) {
    // The reader checks every --json output in cli_test.cpp, so it must not be lenient.
    for (const char* bad : {"", "{", "[1,]", "{\"a\":1,}", "{a:1}", "01", "1.", "\"\x01\"", "[1] x", "nul", "'a'"})
        EXPECT_THROW(json_reader::parse(bad), std::runtime_error) << bad;
}

}  // namespace
}  // namespace golf::cli
