// SPDX-License-Identifier: GPL-2.0-or-later
/* The floor for seallow's benchmark: a bare libauparse feed pass over a log
 * on stdin (64 KiB chunks, every record of every event visited), which is
 * what seallow's reader costs at least. */
#include <stdio.h>
#include <unistd.h>

#include <auparse.h>

static unsigned long records;

static void ready(auparse_state_t *au, auparse_cb_event_t type, void *data)
{
	(void)data;
	if (type != AUPARSE_CB_EVENT_READY || auparse_first_record(au) <= 0)
		return;
	do
		records++;
	while (auparse_next_record(au) > 0);
}

int main(void)
{
	static char buf[65536];
	auparse_state_t *au = auparse_init(AUSOURCE_FEED, NULL);
	ssize_t n;

	if (!au)
		return 3;
	auparse_add_callback(au, ready, NULL, NULL);
	while ((n = read(0, buf, sizeof(buf))) > 0)
		auparse_feed(au, buf, (size_t)n);
	auparse_flush_feed(au);
	auparse_destroy(au);
	fprintf(stderr, "%lu records\n", records);
	return 0;
}
