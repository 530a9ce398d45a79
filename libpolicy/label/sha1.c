/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * SHA-1 (FIPS 180-4), only for restorecon's security.sehash digests, whose
 * format is SHA-1. Not for anything that needs collision resistance.
 */
#include <string.h>

#include "label/internal.h"

static uint32_t rol(uint32_t x, int n)
{
	return (x << n) | (x >> (32 - n));
}

static void block(struct label_sha1 *c, const unsigned char *p)
{
	uint32_t w[80], a = c->h[0], b = c->h[1], d = c->h[3], e = c->h[4], cc = c->h[2];

	for (int i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 | (uint32_t)p[4 * i + 1] << 16 |
		       (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (int i = 16; i < 80; i++)
		w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
	for (int i = 0; i < 80; i++) {
		uint32_t f, k, t;

		if (i < 20)
			f = (b & cc) | (~b & d), k = 0x5a827999;
		else if (i < 40)
			f = b ^ cc ^ d, k = 0x6ed9eba1;
		else if (i < 60)
			f = (b & cc) | (b & d) | (cc & d), k = 0x8f1bbcdc;
		else
			f = b ^ cc ^ d, k = 0xca62c1d6;
		t = rol(a, 5) + f + e + k + w[i];
		e = d;
		d = cc;
		cc = rol(b, 30);
		b = a;
		a = t;
	}
	c->h[0] += a;
	c->h[1] += b;
	c->h[2] += cc;
	c->h[3] += d;
	c->h[4] += e;
}

void label_sha1_init(struct label_sha1 *c)
{
	static const uint32_t h[5] = { 0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476,
				       0xc3d2e1f0 };

	memcpy(c->h, h, sizeof(h));
	c->len = 0;
	c->used = 0;
}

void label_sha1_update(struct label_sha1 *c, const void *data, size_t len)
{
	const unsigned char *p = data;

	c->len += len;
	while (len) {
		size_t n = 64 - c->used;

		if (n > len)
			n = len;
		memcpy(c->buf + c->used, p, n);
		c->used += n;
		p += n;
		len -= n;
		if (c->used == 64) {
			block(c, c->buf);
			c->used = 0;
		}
	}
}

void label_sha1_final(struct label_sha1 *c, unsigned char out[LABEL_SHA1_LEN])
{
	uint64_t bits = c->len * 8;
	unsigned char pad = 0x80, zero = 0, len[8];

	label_sha1_update(c, &pad, 1);
	while (c->used != 56)
		label_sha1_update(c, &zero, 1);
	for (int i = 0; i < 8; i++)
		len[i] = (unsigned char)(bits >> (56 - 8 * i));
	label_sha1_update(c, len, 8);
	for (int i = 0; i < 5; i++) {
		out[4 * i] = (unsigned char)(c->h[i] >> 24);
		out[4 * i + 1] = (unsigned char)(c->h[i] >> 16);
		out[4 * i + 2] = (unsigned char)(c->h[i] >> 8);
		out[4 * i + 3] = (unsigned char)c->h[i];
	}
}
