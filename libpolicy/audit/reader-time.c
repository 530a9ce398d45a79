// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Times as people and their tools write them: the dates of interpreted
 * ausearch output and of log prefixes, which the reader turns into the
 * seconds of a record, and ausearch's time words for --since and --until.
 *
 * Dates. ausearch -i writes an event's time with strftime's "%x %T", so
 * the date is the locale's: "10/23/2024" (en_US), "10/23/24" (C), "23/10/24"
 * (en_GB), "23.10.2024" (de_DE), "2024-10-23" (ISO locales). A first number
 * above 12 is a day (dd/mm), else the month (the C and US order); a year
 * of two digits is 19xx from 69, 20xx below, as strptime's %y. Syslog
 * prefixes are "Jul 26 09:11:43" (RFC 3164, no year: the year that puts
 * the stamp at most a day ahead of now, so December's lines read in
 * January are last year's) and "2024-07-26T09:11:43.123456+02:00" (RFC
 * 3339, rsyslog's and journalctl -o short-iso's). Times without a zone are
 * local time, as both tools write them.
 *
 * Time words are ausearch's (ausearch(8), -ts): now, recent (ten minutes
 * ago), boot, today, yesterday, this-week and week-ago (midnight of the
 * first day of the week, Sunday as in the C locale, and of the day a week
 * ago), this-month, this-year, and a date with an optional time (a time
 * alone means today). ausearch's checkpoint has no meaning here.
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "audit/internal.h"

/* Up to max digits at p as a number; how many were read (0: none). */
static size_t digits(const char *p, const char *end, size_t max, int *v)
{
	size_t n = 0;

	*v = 0;
	while (p + n < end && n < max && isdigit((unsigned char)p[n]))
		*v = *v * 10 + (p[n++] - '0');
	return n;
}

size_t audit_time_date(const char *p, const char *end, struct tm *tm)
{
	const char *q = p;
	int a, b, c;
	size_t na, nb, nc;
	char sep;

	na = digits(q, end, 4, &a);
	if (!na || q + na >= end)
		return 0;
	q += na;
	sep = *q++;
	if (sep != '/' && sep != '.' && sep != '-')
		return 0;
	nb = digits(q, end, 2, &b);
	if (!nb || q + nb >= end || q[nb] != sep)
		return 0;
	q += nb + 1;
	nc = digits(q, end, 4, &c);
	if (!nc || (q + nc < end && isdigit((unsigned char)q[nc])))
		return 0;
	q += nc;
	memset(tm, 0, sizeof(*tm));
	tm->tm_isdst = -1;
	if (na == 4) { /* ISO: year, month, day */
		tm->tm_year = a - 1900;
		tm->tm_mon = b - 1;
		tm->tm_mday = c;
	} else {
		int year = nc == 4 ? c : (c < 69 ? 2000 + c : 1900 + c);
		bool day_first = sep == '.' || a > 12;

		tm->tm_year = year - 1900;
		tm->tm_mon = (day_first ? b : a) - 1;
		tm->tm_mday = day_first ? a : b;
	}
	if (tm->tm_mon < 0 || tm->tm_mon > 11 || tm->tm_mday < 1 || tm->tm_mday > 31)
		return 0;
	return (size_t)(q - p);
}

size_t audit_time_clock(const char *p, const char *end, struct tm *tm, unsigned int *msec)
{
	const char *q = p;
	int h, m, s = 0;
	size_t n;

	if (!(n = digits(q, end, 2, &h)) || q + n >= end || q[n] != ':')
		return 0;
	q += n + 1;
	if (digits(q, end, 2, &m) != 2)
		return 0;
	q += 2;
	if (q < end && *q == ':') {
		if (digits(q + 1, end, 2, &s) != 2)
			return 0;
		q += 3;
	}
	if (h > 23 || m > 59 || s > 60)
		return 0;
	tm->tm_hour = h;
	tm->tm_min = m;
	tm->tm_sec = s;
	if (msec)
		*msec = 0;
	if (q < end && (*q == '.' || *q == ',') && q + 1 < end && isdigit((unsigned char)q[1])) {
		int f;
		size_t nf = digits(q + 1, end, 3, &f);

		for (size_t i = nf; i < 3; i++)
			f *= 10;
		if (msec)
			*msec = (unsigned int)f;
		q += 1 + nf;
		while (q < end && isdigit((unsigned char)*q))
			q++;
	}
	return (size_t)(q - p);
}

/* A zone after an RFC 3339 time: "Z", "+02:00", "+0200"; its offset east
 * of UTC in seconds. */
static size_t zone(const char *p, const char *end, long *off)
{
	int h, m;
	const char *q = p + 1;

	if (p < end && *p == 'Z') {
		*off = 0;
		return 1;
	}
	if (p >= end || (*p != '+' && *p != '-') || digits(q, end, 2, &h) != 2)
		return 0;
	q += 2;
	if (q < end && *q == ':')
		q++;
	if (digits(q, end, 2, &m) != 2)
		return 0;
	q += 2;
	*off = (h * 3600L + m * 60L) * (*p == '-' ? -1 : 1);
	return (size_t)(q - p);
}

static time_t utc(struct tm *tm)
{
	return timegm(tm);
}

size_t audit_time_prefix(const char *p, const char *end, time_t now, time_t *sec,
			 unsigned int *msec)
{
	static const char months[] = "JanFebMarAprMayJunJulAugSepOctNovDec";
	struct tm tm;
	size_t n;

	if (end - p >= 19 && isdigit((unsigned char)p[0]) && p[4] == '-' && p[10] == 'T') {
		long off;
		size_t z;

		if (!audit_time_date(p, p + 10, &tm) ||
		    !(n = audit_time_clock(p + 11, end, &tm, msec)))
			return 0;
		n += 11;
		z = zone(p + n, end, &off);
		if (z) {
			tm.tm_isdst = 0;
			*sec = utc(&tm) - off;
		} else {
			*sec = mktime(&tm);
		}
		return n + z;
	}
	if (end - p >= 15 && p[3] == ' ' && isupper((unsigned char)p[0])) {
		const char *m = memmem(months, sizeof(months) - 1, p, 3);
		int day;
		size_t nd;
		const char *q = p + 4;
		struct tm now_tm;

		if (!m || (m - months) % 3)
			return 0;
		if (*q == ' ')
			q++;
		if (!(nd = digits(q, end, 2, &day)) || q + nd >= end || q[nd] != ' ')
			return 0;
		q += nd + 1;
		memset(&tm, 0, sizeof(tm));
		tm.tm_isdst = -1;
		tm.tm_mon = (int)((m - months) / 3);
		tm.tm_mday = day;
		if (!(n = audit_time_clock(q, end, &tm, msec)))
			return 0;
		localtime_r(&now, &now_tm);
		tm.tm_year = now_tm.tm_year;
		*sec = mktime(&tm);
		if (*sec > now + 86400) {
			tm.tm_year--;
			tm.tm_isdst = -1;
			*sec = mktime(&tm);
		}
		return (size_t)(q + n - p);
	}
	return 0;
}

static time_t midnight(time_t t, int days_back)
{
	struct tm tm;

	localtime_r(&t, &tm);
	tm.tm_mday -= days_back;
	tm.tm_hour = tm.tm_min = tm.tm_sec = 0;
	tm.tm_isdst = -1;
	return mktime(&tm);
}

int pol_audit_time_words(const char *s, time_t now, time_t boot, time_t *out)
{
	const char *end = s + strlen(s);
	struct tm tm;
	size_t n;

	while (*s == ' ')
		s++;
	while (end > s && end[-1] == ' ')
		end--;
#define WORD(w) ((size_t)(end - s) == sizeof(w) - 1 && memcmp(s, w, sizeof(w) - 1) == 0)
	if (WORD("now")) {
		*out = now;
	} else if (WORD("recent")) {
		*out = now - 600;
	} else if (WORD("boot")) {
		if (!boot)
			return -ENOENT;
		*out = boot;
	} else if (WORD("today")) {
		*out = midnight(now, 0);
	} else if (WORD("yesterday")) {
		*out = midnight(now, 1);
	} else if (WORD("this-week")) {
		localtime_r(&now, &tm);
		*out = midnight(now, tm.tm_wday);
	} else if (WORD("week-ago")) {
		*out = midnight(now, 7);
	} else if (WORD("this-month")) {
		localtime_r(&now, &tm);
		*out = midnight(now, tm.tm_mday - 1);
	} else if (WORD("this-year")) {
		localtime_r(&now, &tm);
		*out = midnight(now, tm.tm_yday);
	} else if ((n = audit_time_date(s, end, &tm)) != 0) {
		const char *t = s + n;

		if (t < end && (*t == ' ' || *t == 'T')) {
			size_t m = audit_time_clock(t + 1, end, &tm, NULL);

			if (!m)
				return -EINVAL;
			t += 1 + m;
		}
		if (t != end)
			return -EINVAL;
		*out = mktime(&tm);
	} else {
		localtime_r(&now, &tm);
		tm.tm_isdst = -1;
		n = audit_time_clock(s, end, &tm, NULL);
		if (!n || s + n != end)
			return -EINVAL;
		*out = mktime(&tm);
	}
#undef WORD
	return 0;
}
