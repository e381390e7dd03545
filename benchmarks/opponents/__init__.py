"""Frozen opponents: each game's first greedy bot, kept as it was when the heuristic bot
replaced it, so a new bot is measured against a fixed reference.

``benchmarks.opponents.<game>.FrozenGreedyBot`` (Bayon, Isle of Skye, Ibyron) takes a seed
and answers ``choose(state, seat)`` like any bot. Do not improve them: only their imports
follow the games' module layout. Benchmarks and tests import them from here.
"""
