/* SPDX-License-Identifier: GPL-2.0-or-later */
/* sereach: domain-transition and information-flow reachability. */
#include <stdio.h>

#include "cli.h"
#include "heap.h"
#include "sereach.h"

// clang-format off
static const struct cli_option options[] = {
	CLI_STRING('p', "policy", "FILE", &sr_globals.policy, "the policy to analyse (default: the loaded one,\nelse the installed one)"),
	CLI_BOOL(OPT_JSON, "json", &sr_globals.json, "one JSON document"),
	CLI_BOOL('q', "quiet", &sr_globals.quiet, "print nothing: the exit status is the answer"),
	CLI_BOOL('v', "verbose", &sr_globals.verbose, "more detail on stderr"),
	CLI_HELP_VERSION,
	CLI_LIST_COMMANDS_OPTION,
	CLI_END,
};

static const struct cli_command commands[] = {
	{ "dta", sereach_dta, "domain transitions out of or into a type, and paths between two", NULL },
	{ "flow", sereach_flow, "information flows out of or into a type, and paths between two", NULL },
	{ "can", sereach_can, "can a domain, or one it can become, read or write a type?", NULL },
	{ "check", sereach_check, "reachability assertions from a file, for CI", NULL },
	/* hidden: what the bash and zsh completions ask */
	{ "__complete", sereach_complete, NULL, NULL },
	CLI_COMMAND_END,
};

static const struct cli_tool tool = {
	.about = "Which domains a domain can become (dta, as sedta) and where information\n"
		 "can flow (flow, as seinfoflow), over a binary SELinux policy.\n",
	.synopsis = (const char *const[]){
		"dta  -s SOURCE [-t TARGET -S | -A N] [options] [EXCLUDE...]",
		"flow -s SOURCE [-t TARGET -S | -A N] [options] [EXCLUDE...]",
		"can [options] SOURCE read|write TYPE",
		"check [options] FILE",
		NULL,
	},
	.man = "sereach", .options = options, .commands = commands,
};
// clang-format on

int main(int argc, char **argv)
{
	cli_init(argv[0]);
	/* a reference policy takes about 40 MB once loaded */
	cli_reserve_heap(48u << 20);
	return cli_main_commands(&tool, NULL, argc, argv);
}
