/*
 * test_bytesize.c — sizes as --cache-max-size and the configuration's
 * cache-max-size take them (base/bytesize.h): digits with an optional
 * binary suffix, nothing else, nothing that overflows; and the format
 * --dump-config writes reads back to the same number.
 */
#include <criterion/criterion.h>

#include "../base/bytesize.h"

#include <stdint.h>

static uint64_t parsed(const char *text)
{
	uint64_t bytes = 12345;
	cr_assert(ol_bytesize_parse(text, &bytes), "'%s' is refused", text);
	return bytes;
}

Test(bytesize, digits_and_binary_suffixes)
{
	cr_assert_eq(parsed("0"), 0);
	cr_assert_eq(parsed("100"), 100);
	cr_assert_eq(parsed("100B"), 100);
	cr_assert_eq(parsed("1K"), 1024);
	cr_assert_eq(parsed("1k"), 1024);
	cr_assert_eq(parsed("512M"), 512ull << 20);
	cr_assert_eq(parsed("512MiB"), 512ull << 20);
	cr_assert_eq(parsed("512mb"), 512ull << 20);
	cr_assert_eq(parsed("2G"), 2ull << 30);
	cr_assert_eq(parsed("3T"), 3ull << 40);
	cr_assert_eq(parsed("9223372036854775807"), INT64_MAX);
}

Test(bytesize, anything_else_is_refused)
{
	static const char *const bad[] = {
		"", "G", "-5", "+5", " 5", "5 ", "1.5G", "1 G", "12X", "1KK",
		"1Gi", "1b", "0x10", "9223372036854775808", "8388608T",
		"99999999999999999999",
	};
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		uint64_t bytes = 7;
		cr_assert_not(ol_bytesize_parse(bad[i], &bytes),
			      "'%s' is taken", bad[i]);
		cr_assert_eq(bytes, 7, "'%s' changed the result", bad[i]);
	}
}

Test(bytesize, format_reads_back)
{
	static const uint64_t sizes[] = {
		0, 1, 1000, 1024, 1536 << 10, 1ull << 30, 3ull << 40,
		5ull << 50, INT64_MAX,
	};
	static const char *const texts[] = {
		"0", "1", "1000", "1K", "1536K", "1G", "3T", "5120T",
		"9223372036854775807",
	};
	for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
		char buf[32];
		ol_bytesize_format(sizes[i], buf, sizeof buf);
		cr_assert_str_eq(buf, texts[i]);
		cr_assert_eq(parsed(buf), sizes[i]);
	}
}
