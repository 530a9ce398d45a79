/* SPDX-License-Identifier: LGPL-2.1-or-later */
#include <time.h>
#include <unistd.h>

#include "util/progress.h"

static double now_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

void pol_progress_init(struct pol_progress *p, FILE *out, const char *label, uint64_t total,
		       bool force_off)
{
	p->out = out;
	p->active = !force_off && out && isatty(fileno(out));
	p->label = label;
	p->total = total;
	p->done = 0;
	p->start = p->last = now_seconds();
	p->width = 0;
}

int pol_progress_format(const struct pol_progress *p, double now, char *buf, size_t size)
{
	double elapsed = now - p->start;
	double rate = elapsed > 0 ? (double)p->done / elapsed : 0;

	if (p->total && rate > 0 && p->done <= p->total) {
		double eta = (double)(p->total - p->done) / rate;

		return snprintf(buf, size, "%llu/%llu %s (%.0f%%), %.0f/s, ETA %um%02us",
				(unsigned long long)p->done, (unsigned long long)p->total, p->label,
				100.0 * (double)p->done / (double)p->total, rate,
				(unsigned)(eta / 60), (unsigned)eta % 60);
	}
	return snprintf(buf, size, "%llu %s, %.0f/s", (unsigned long long)p->done, p->label, rate);
}

void pol_progress_update(struct pol_progress *p, uint64_t done)
{
	char line[160];
	double now;
	int n;

	p->done = done;
	if (!p->active)
		return;
	now = now_seconds();
	if (now - p->last < 0.1)
		return;
	p->last = now;
	n = pol_progress_format(p, now, line, sizeof(line));
	fprintf(p->out, "\r%s%*s", line, p->width > n ? p->width - n : 0, "");
	fflush(p->out);
	p->width = n;
}

void pol_progress_finish(struct pol_progress *p)
{
	if (!p->active || !p->width)
		return;
	fprintf(p->out, "\r%*s\r", p->width, "");
	fflush(p->out);
	p->width = 0;
}
