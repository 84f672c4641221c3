/*
 * replay.c — a finding on a flattened path is confirmed by walking that
 * path again, exactly.
 *
 * A block entered with as many different states as the budget allows
 * (explore.c) does not stop the walk any more: each state arriving after
 * that has its plain values flattened (flatten.c's flatten_plain(): every
 * integer or pointer that is no resource and related to no other value
 * becomes "anything of its type"), and the state is marked coarse. States
 * that differed only in such values (a pixel loop's channels, a format
 * loop's width and precision, the flags a configuration function copies)
 * become one, so the function is walked to its end. The walk then covers
 * every path it would have walked without the budget, and more: a
 * flattened value no longer remembers what an earlier test decided, so a
 * later test of it, or of a value that moved with it, may take an arm no
 * real path takes (`have = 1; ... if (have) free(p)` after `p` was only
 * allocated under the same condition). GCC's analyzer merges states the
 * same way and checks each diagnostic's path for feasibility afterwards;
 * so does this file.
 *
 * Every path records its choices as a trail: the successor each branch
 * and switch took, each loop-head widening its state went through
 * (explore.c's widen(), which a walk without budget pressure makes too),
 * and each block where it was flattened. A finding made on a coarse path
 * (report.c's report_as()) is kept only if replaying the trail from the
 * function's entry, with the same widenings and no flattening, is
 * feasible at every choice and makes a finding of the same rule at the
 * same place. Where the walk flattened, the replay forgets the ranges of
 * integers only (exact values, bounds), as a widened loop head does: a
 * loop counter the flattening let the path leave its loop with is not
 * held against the path, while a flag keeps its signs and what is
 * related to what stays so. Otherwise the finding is dropped: precision
 * first. The replay is one path, as long as the trail; it shares the
 * function's analyses (liveness, relevance) with the walk that asked for it
 * and reports nothing itself. A function runs at most MAX_REPLAYS of them,
 * and at most MAX_MISSES for one finding that none confirmed; findings
 * past that are dropped.
 *
 * A coarse function's summary is incomplete (its callers treat it as
 * unknown, as they do a function cut at its budget), and it records no
 * ownership facts from coarse paths: those are not replayed.
 */
#include "engine_int.h"
#include "../ol.h"

#include <stdlib.h>

#define MAX_REPLAYS 256
// ... and at most MAX_MISSES for one finding whose replays all failed
// (a site the flattened walk reaches by many made-up paths).
#define MAX_MISSES 16

struct replay_miss {
	ol_check_id check;
	ol_loc at;
	unsigned count;
};

struct replay {
	const trail **steps; // oldest first
	unsigned n, next;
	ol_check_id check;
	ol_loc at;
	bool dead;  // a choice the path made is not feasible
	bool found; // the path makes the finding
};

const trail *trail_add(ctx *c, const trail *prev, const ol_block *b,
		       unsigned choice)
{
	trail *t = OL_NEW(c->a, trail);
	t->prev = prev;
	t->block = b->id;
	t->choice = choice;
	return t;
}

long replay_choice(ctx *c, const ol_block *b)
{
	struct replay *rp = c->replay;
	if (rp->next >= rp->n)
		return -1; // the path ended here
	const trail *t = rp->steps[rp->next];
	if (t->block != b->id || t->choice >= TRAIL_FLATTEN) {
		rp->dead = true; // (cannot happen: the walk is the same)
		return -1;
	}
	rp->next++;
	return (long)t->choice;
}

bool replay_mark(ctx *c, const ol_block *b, unsigned mark)
{
	struct replay *rp = c->replay;
	if (rp->next < rp->n && rp->steps[rp->next]->block == b->id &&
	    rp->steps[rp->next]->choice == mark) {
		rp->next++;
		return true;
	}
	return false;
}

void replay_dead(ctx *c)
{
	c->replay->dead = true;
}

void replay_seen(ctx *c, ol_check_id check, ol_loc at)
{
	struct replay *rp = c->replay;
	// A lost handle is 101 or 105 by how its path ends, which the
	// replay, stopping where the trail does, may not reach.
	bool same_rule = check == rp->check ||
			 (leak_check(check) && leak_check(rp->check));
	if (same_rule && same_loc(at, rp->at))
		rp->found = true;
}

// The failed replays of the finding `check` at `at` so far.
static struct replay_miss *miss_of(ctx *c, ol_check_id check, ol_loc at)
{
	for (size_t i = 0; i < c->replay_misses.len; i++) {
		struct replay_miss *m = &c->replay_misses.items[i];
		if (m->check == check && same_loc(m->at, at))
			return m;
	}
	struct replay_miss m = {check, at, 0};
	OL_VEC_PUSH(&c->replay_misses, m);
	return &c->replay_misses.items[c->replay_misses.len - 1];
}

bool replay_confirms(ctx *c, ol_check_id check, ol_loc at)
{
	if (c->replays >= MAX_REPLAYS ||
	    miss_of(c, check, at)->count >= MAX_MISSES)
		return false;
	c->replays++;
	struct replay rp = {.check = check, .at = at};
	for (const trail *t = c->tr; t; t = t->prev)
		rp.n++;
	rp.steps = ol_xmalloc(sizeof *rp.steps * (rp.n ? rp.n : 1));
	unsigned k = rp.n;
	for (const trail *t = c->tr; t; t = t->prev)
		rp.steps[--k] = t;
	struct replay *outer = c->replay;
	c->replay = &rp;
	replay_walk(c);
	c->replay = outer;
	free(rp.steps);
	if (rp.found && !rp.dead)
		return true;
	miss_of(c, check, at)->count++;
	return false;
}
